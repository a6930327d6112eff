import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import { fetchUserCounts } from './users-api';

const ORDER = ['with', 'without', 'expired', 'total'] as const;

/**
 * The seeds' counters above the list: users with a subscription, without, expired, and the total.
 * A query of react-admin's client, so that a refresh (after a grant, a void, or the app bar's
 * button) reads them again with the lists.
 */
export function UserCounters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { segment, ...others } = filterValues as { segment?: string };
  const { data: counts } = useQuery({ queryKey: ['users', 'counts'], queryFn: fetchUserCounts });
  const selected = (key: (typeof ORDER)[number]) => (key === 'total' ? segment === undefined : segment === key);
  return (
    <Box
      component="section"
      aria-label={translate('shop.users.counters.label')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, p: 1.5 }}
    >
      {ORDER.map((key) => (
        <Card
          key={key}
          variant="outlined"
          sx={{ borderColor: selected(key) ? 'primary.main' : undefined, borderWidth: selected(key) ? 2 : 1 }}
        >
          {/* A click shows the users the counter counts; the total shows them all. */}
          <CardActionArea
            onClick={() => setFilters(key === 'total' ? others : { ...others, segment: key })}
            aria-pressed={selected(key)}
            sx={{ px: 2, py: 1.25 }}
          >
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate(`shop.users.counters.${key}`)}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`users-count-${key}`}>
              {counts ? counts[key] : '—'}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
