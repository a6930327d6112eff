import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { downloadFile, httpClient } from '../lib/http-client';
import { InstantForm } from '../lib/instant-form';
import { useShopTime } from '../lib/shop-time';
import type { HistoryFilter } from '../providers/data-provider';

/**
 * A customer's history as the page's address says: `?asOf=<ISO instant>&types=A,B&signIns=1`.
 * Sign-ins are left out unless asked.
 */
export function useHistoryFilter(): {
  filter: HistoryFilter;
  change: (next: HistoryFilter) => void;
} {
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf');
  const types = params.get('types');
  const filter: HistoryFilter = {
    ...(asOf && !Number.isNaN(Date.parse(asOf)) ? { asOf: new Date(asOf).toISOString() } : {}),
    ...(types ? { types: types.split(',').filter(Boolean) } : {}),
    ...(params.get('signIns') === '1' ? { signIns: true } : {}),
  };
  const change = (next: HistoryFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const name of ['asOf', 'types', 'signIns']) updated.delete(name);
        if (next.asOf) updated.set('asOf', next.asOf);
        if (next.types && next.types.length > 0) updated.set('types', next.types.join(','));
        if (next.signIns) updated.set('signIns', '1');
        return updated;
      },
      { replace: true },
    );
  return { filter, change };
}

/** The customer history's filters (types, sign-ins, up to an instant) and its export, CSV or JSON. */
export function HistoryFilters({ userId }: { userId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const shopTime = useShopTime();
  const { filter, change } = useHistoryFilter();
  const types = useQuery({
    queryKey: ['history-types', userId],
    queryFn: async () =>
      (await httpClient(`/api/admin/users/${encodeURIComponent(userId)}/history/types`)).json as Array<{
        type: string;
        count: number;
      }>,
  });
  const label = (type: string) => translate(`shop.eventTypes.${type}`, { _: type });
  const chosen = filter.types ?? [];

  const exportAs = async (format: 'csv' | 'json') => {
    const query = new URLSearchParams({ format, filter: JSON.stringify(filter), lang: locale });
    try {
      await downloadFile(
        `/api/admin/exports/user-history/${encodeURIComponent(userId)}?${query}`,
        format === 'csv' ? 'text/csv' : 'application/json',
        `history-${userId}.${format}`,
      );
    } catch {
      notify('shop.historyFilter.exportFailed', { type: 'error' });
    }
  };

  return (
    <Box
      role="search"
      aria-label={translate('shop.historyFilter.label')}
      sx={{ display: 'grid', gap: 1, mb: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 0, width: { xs: '100%', sm: '16rem' } }}>
          {/* Shrunk always: "Tous les types" shows in the field while nothing is chosen. */}
          <InputLabel id={`history-types-${userId}`} shrink>
            {translate('shop.historyFilter.types')}
          </InputLabel>
          <Select<string[]>
            multiple
            labelId={`history-types-${userId}`}
            label={translate('shop.historyFilter.types')}
            value={chosen}
            onChange={(event) => {
              const value = event.target.value;
              change({ ...filter, types: typeof value === 'string' ? value.split(',') : value });
            }}
            renderValue={(selected) =>
              selected.length === 0 ? translate('shop.historyFilter.allTypes') : selected.map(label).join(', ')
            }
            displayEmpty
          >
            {(types.data ?? []).map(({ type, count }) => (
              <MenuItem key={type} value={type}>
                {label(type)} ({count})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          control={
            <Switch
              checked={filter.signIns === true}
              onChange={(event) => change({ ...filter, signIns: event.target.checked })}
            />
          }
          label={translate('shop.historyFilter.signIns')}
        />
      </Box>
      <InstantForm
        label={translate('shop.historyFilter.asOf')}
        initial={filter.asOf ? new Date(filter.asOf) : undefined}
        onPick={(at) => change({ ...filter, asOf: at.toISOString() })}
        onBackToNow={filter.asOf ? () => change({ ...filter, asOf: undefined }) : undefined}
      />
      {filter.asOf && (
        <Typography variant="body2" data-testid="history-as-of">
          {translate('shop.historyFilter.asOfShown', { date: shopTime(filter.asOf) })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => void exportAs('csv')}>
          {translate('shop.historyFilter.exportCsv')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => void exportAs('json')}>
          {translate('shop.historyFilter.exportJson')}
        </Button>
      </Box>
    </Box>
  );
}
