import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { AdminSubscription } from '@shop/contracts';
import { useCreatePath, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The automatic charges declined for the current period: the subscriptions list's own filter. */
export const RENEWAL_FAILED = { renewalFailed: true } as const;

/**
 * Part of "À traiter": how many automatic renewals were declined (the customer was e-mailed a link
 * to pay by hand, and it is retried), with a link to the list filtered on them.
 */
export function FailedRenewals() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { total, isPending, error } = useGetList<AdminSubscription>('subscriptions', {
    filter: RENEWAL_FAILED,
    sort: { field: 'createdAt', order: 'ASC' },
    pagination: { page: 1, perPage: 1 },
  });
  const list = createPath({ resource: 'subscriptions', type: 'list' });
  let content;
  if (error) content = <Alert severity="error">{translate('shop.dashboard.toHandle.failedRenewalsError')}</Alert>;
  else if (isPending) content = <Skeleton variant="rounded" height={40} />;
  else if (!total) content = <Alert severity="success">{translate('shop.dashboard.toHandle.noFailedRenewal')}</Alert>;
  else
    content = (
      <Button
        component={Link}
        to={`${list}?filter=${encodeURIComponent(JSON.stringify(RENEWAL_FAILED))}`}
        startIcon={<SyncProblemIcon aria-hidden sx={{ color: '#8a3c00' }} />}
        size="small"
      >
        {translate('shop.dashboard.toHandle.failedRenewalsCount', { smart_count: total })}
      </Button>
    );
  return (
    <Box sx={{ mt: 2 }}>
      <Box component="h3" sx={{ typography: 'subtitle2', color: 'text.secondary', m: 0, mb: 1 }}>
        {translate('shop.dashboard.toHandle.failedRenewals')}
      </Box>
      {content}
    </Box>
  );
}
