import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import EventIcon from '@mui/icons-material/Event';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import KeyIcon from '@mui/icons-material/Key';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import ReplayIcon from '@mui/icons-material/Replay';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { WorkQueue, WorkQueueItem } from '@shop/contracts';
import type { ReactNode } from 'react';
import { useCreatePath, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../components/section-card';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { RefundRequestsList } from './refund-requests-list';
import { useWorkQueue } from './use-work-queue';

const ICONS: Record<WorkQueueItem['key'], ReactNode> = {
  credentials_to_supply: <KeyIcon />,
  new_inquiries: <MarkEmailUnreadIcon />,
  pending_payments: <HourglassBottomIcon />,
  refund_requests: <ReplayIcon />,
  failed_renewals: <SyncProblemIcon />,
  expiring_soon: <EventIcon />,
};

const HOUR_MS = 3600_000;

/** A duration as people say it: minutes under an hour, hours under two days, then days. */
export function formatDuration(ms: number, locale: string): string {
  const [value, unit] =
    ms < HOUR_MS
      ? [Math.max(1, Math.round(ms / 60_000)), 'minute']
      : ms < 48 * HOUR_MS
        ? [Math.floor(ms / HOUR_MS), 'hour']
        : [Math.floor(ms / (24 * HOUR_MS)), 'day'];
  return new Intl.NumberFormat(intlLocaleOf(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * The list an item counts, under the back-office's base path, filtered and sorted as the server said;
 * each filter is shown in the list's filter bar, where the operator sees it and can take it off.
 */
function useListPath() {
  const createPath = useCreatePath();
  return (link: Pick<WorkQueueItem, 'resource' | 'filter' | 'sort'>) =>
    `${createPath({ resource: link.resource, type: 'list' })}?${new URLSearchParams({
      filter: JSON.stringify(link.filter),
      displayedFilters: JSON.stringify(Object.fromEntries(Object.keys(link.filter).map((key) => [key, true]))),
      sort: link.sort.field,
      order: link.sort.order,
    }).toString()}`;
}

function QueueItem({ item, at }: { item: WorkQueueItem; at: string }) {
  const translate = useTranslate();
  const [locale = 'fr'] = useLocaleState();
  const listPath = useListPath();
  const label = translate(`shop.workQueue.items.${item.key}`, { smart_count: item.count });
  const waitedMs = item.oldestAt ? Date.parse(at) - Date.parse(item.oldestAt) : 0;
  const overdue = item.overdue && item.overdue.count > 0 ? item.overdue : undefined;
  const age =
    item.oldestAt === null
      ? null
      : item.key === 'expiring_soon'
        ? translate('shop.workQueue.nextExpiry', { duration: formatDuration(-waitedMs, locale) })
        : translate('shop.workQueue.oldest', { duration: formatDuration(waitedMs, locale) });
  const attention = item.count > 0 && item.key !== 'expiring_soon';
  return (
    <Box
      component="li"
      sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5, alignItems: 'start', py: 1 }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'flex',
          mt: '1px',
          color: overdue ? 'error.main' : attention ? 'warning.dark' : 'text.disabled',
        }}
      >
        {item.count === 0 ? <CheckCircleOutlineIcon color="success" /> : ICONS[item.key]}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {item.count > 0 ? (
          <Link component={RouterLink} to={listPath(item)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {label}
          </Link>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
        )}
        {age && (
          <Typography
            variant="body2"
            sx={{ color: overdue ? 'error.main' : 'text.secondary', fontWeight: overdue ? 600 : undefined }}
          >
            {age}
          </Typography>
        )}
        {overdue && (
          <Link
            component={RouterLink}
            to={listPath(overdue)}
            variant="body2"
            sx={{ color: 'error.main', fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <ErrorOutlineIcon aria-hidden fontSize="small" />
            {translate('shop.workQueue.overdue', { smart_count: overdue.count, hours: overdue.hours })}
          </Link>
        )}
        {item.key === 'refund_requests' && item.count > 0 && <RefundRequestsList />}
      </Box>
    </Box>
  );
}

function QueueItems({ queue }: { queue: WorkQueue }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {queue.total > 0
          ? translate('shop.workQueue.total', { smart_count: queue.total })
          : translate('shop.workQueue.nothing')}
      </Typography>
      <Box
        component="ul"
        aria-label={translate('shop.workQueue.title')}
        sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {queue.items.map((item) => (
          <QueueItem key={item.key} item={item} at={queue.at} />
        ))}
      </Box>
    </>
  );
}

/**
 * "À traiter": the operator's work waiting now, each a count opening its list filtered on exactly
 * those rows, with how long the oldest has waited; credentials past the 24 hours promised in red,
 * and the refund requests' names and reasons. Asked again every minute.
 */
export function WorkQueueCard() {
  const translate = useTranslate();
  const { data, isPending, isError } = useWorkQueue();
  return (
    <SectionCard id="dashboard-to-handle" title={translate('shop.workQueue.title')}>
      {isError && !data ? (
        <Alert severity="error">{translate('shop.workQueue.loadError')}</Alert>
      ) : isPending || !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <QueueItems queue={data} />
      )}
    </SectionCard>
  );
}
