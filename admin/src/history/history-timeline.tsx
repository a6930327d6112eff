import type { HistoryEntry } from '@shop/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useShopTime } from '../lib/shop-time';
import type { HistorySubject, ShopDataProvider } from '../providers/data-provider';
import { HistoryFilters, useHistoryFilter } from './history-filters';

const PAGE = 25;

const anchorOf = (id: string) => `event-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * A record's history beside its page (the react-admin demo's customer history): one line per
 * event, newest first, who did it and what it records; each line opens on its raw event, and a
 * line caused by another links to it.
 */
export function HistoryTimeline({ of, id }: { of: HistorySubject; id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [order, setOrder] = useState<'DESC' | 'ASC'>('DESC');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // A customer's history is narrowed from the page's address, so that a link reopens the same view.
  const { filter } = useHistoryFilter();
  const shown = of === 'users' ? filter : {};
  const history = useInfiniteQuery({
    queryKey: ['history', of, id, order, locale, shown],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      dataProvider.getHistory(of, id, {
        from: pageParam,
        to: pageParam + PAGE - 1,
        order,
        language: locale,
        filter: shown,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.entries.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));

  const showCause = (causeId: string) => {
    setHighlighted(causeId);
    document.getElementById(anchorOf(causeId))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <Card component="section" aria-labelledby={`${of}-history-title`} sx={{ width: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={`${of}-history-title`} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {translate('shop.history.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={order}
            onChange={(_event, value: 'DESC' | 'ASC' | null) => value && setOrder(value)}
          >
            <ToggleButton value="DESC">{translate('shop.history.newestFirst')}</ToggleButton>
            <ToggleButton value="ASC">{translate('shop.history.oldestFirst')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {of === 'users' && <HistoryFilters userId={id} />}
        {history.isSuccess && entries.length === 0 && (
          <Typography variant="body2">{translate('shop.history.empty')}</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('shop.history.title')}>
          {entries.map((entry) => (
            <TimelineEntry
              key={entry.id}
              entry={entry}
              cause={entry.causationId ? (byId.get(entry.causationId) ?? null) : null}
              highlighted={highlighted === entry.id}
              onShowCause={showCause}
              showSubscription={of === 'users'}
            />
          ))}
        </Box>
        {total > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {translate('shop.history.count', { shown: entries.length, total })}
            </Typography>
            {history.hasNextPage && (
              <Button size="small" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
                {translate('shop.history.more')}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function TimelineEntry({
  entry,
  cause,
  highlighted,
  onShowCause,
  showSubscription,
}: {
  entry: HistoryEntry;
  cause: HistoryEntry | null;
  highlighted: boolean;
  onShowCause: (id: string) => void;
  showSubscription: boolean;
}) {
  const translate = useTranslate();
  const shopTime = useShopTime();
  const [open, setOpen] = useState(false);
  const rawId = `${anchorOf(entry.id)}-raw`;
  return (
    <Box
      component="li"
      id={anchorOf(entry.id)}
      data-testid="history-entry"
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        borderLeft: 2,
        borderColor: highlighted ? 'secondary.main' : 'divider',
        bgcolor: highlighted ? 'action.selected' : 'transparent',
        pl: 1.5,
        py: 1,
      }}
    >
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        <time dateTime={entry.recordedAt}>{shopTime(entry.recordedAt)}</time>
      </Typography>
      <Typography variant="body2" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {entry.summary}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <Chip
          size="small"
          variant="outlined"
          label={`${translate(`shop.history.actors.${entry.actor.type}`)} · ${entry.actor.name}`}
          sx={{ maxWidth: '100%' }}
        />
        {showSubscription && entry.subscription && (
          <Chip
            size="small"
            clickable
            component={RouterLink}
            to={`/subscriptions/${encodeURIComponent(entry.subscription.id)}/show`}
            data-testid="history-subscription"
            label={translate('shop.historyFilter.subscription', {
              plan: entry.subscription.planName,
              id: entry.subscription.id.slice(0, 8),
            })}
            sx={{ maxWidth: '100%' }}
          />
        )}
        {entry.causationId && (
          <Link
            component="button"
            variant="caption"
            onClick={() => onShowCause(entry.causationId!)}
            disabled={!cause}
            sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {cause
              ? translate('shop.history.causedBy', { summary: cause.summary })
              : translate('shop.history.causeElsewhere', { id: entry.causationId })}
          </Link>
        )}
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={rawId}>
          {translate(open ? 'shop.history.hideEvent' : 'shop.history.showEvent')}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box id={rawId} sx={{ mt: 1 }}>
          <Typography variant="caption" component="p">
            {translate('shop.history.event', {
              type: entry.type,
              stream: entry.streamId,
              version: entry.version,
              position: entry.position,
            })}
          </Typography>
          <Box
            component="pre"
            sx={{
              fontSize: 12,
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
              overflowX: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              m: 0,
            }}
          >
            {JSON.stringify(
              {
                id: entry.id,
                type: entry.type,
                streamId: entry.streamId,
                version: entry.version,
                position: entry.position,
                recordedAt: entry.recordedAt,
                actor: entry.actor,
                correlationId: entry.correlationId,
                causationId: entry.causationId,
                data: entry.data,
              },
              null,
              2,
            )}
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
}
