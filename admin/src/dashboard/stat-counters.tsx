import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { intlLocaleOf } from '../i18n/i18n-provider';

export interface StatCounter {
  /** A message key. */
  label: string;
  value: number | undefined;
  /** Shows the list's rows this counter counts (a filter); absent for a counter that filters nothing. */
  onSelect?: () => void;
  /** The list is filtered as this counter counts. */
  selected?: boolean;
}

/**
 * A row of small counters above a list (the Subscriptions and Credentials tabs): two columns on a
 * phone, one row on a wide screen.
 */
/** A counter that filters is a toggle button over its card; the others are plain text. */
function CounterFace({
  onSelect,
  selected,
  children,
}: {
  onSelect?: () => void;
  selected?: boolean;
  children: ReactNode;
}) {
  if (!onSelect) return <Box sx={{ px: 2, py: 1.5 }}>{children}</Box>;
  return (
    <CardActionArea onClick={onSelect} aria-pressed={selected === true} sx={{ px: 2, py: 1.5 }}>
      {children}
    </CardActionArea>
  );
}

export function StatCounters({ counters, label }: { counters: StatCounter[]; label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box
      component="section"
      aria-label={translate(label)}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${counters.length}, minmax(0, 1fr))` },
        gap: { xs: 1, md: 2 },
        mt: 2,
        mb: 1,
      }}
    >
      {counters.map((counter) => (
        <Card
          key={counter.label}
          variant="outlined"
          sx={{ borderColor: counter.selected ? 'primary.main' : undefined, borderWidth: counter.selected ? 2 : 1 }}
        >
          <CounterFace onSelect={counter.onSelect} selected={counter.selected}>
            <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
              {translate(counter.label)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {counter.value === undefined ? (
                <Skeleton width="3ch" />
              ) : (
                counter.value.toLocaleString(intlLocaleOf(locale))
              )}
            </Typography>
          </CounterFace>
        </Card>
      ))}
    </Box>
  );
}
