import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import type { AdminSubscription } from '@shop/contracts';
import { useCreatePath, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { intlLocaleOf } from '../i18n/i18n-provider';

/** The refund requests waiting for the operator: the subscriptions list's own filter. */
const REFUND_REQUESTED = { refundRequested: true } as const;
const SHOWN = 5;

/**
 * Under the work queue's refund requests: the oldest ones asked under the 7-day guarantee and not
 * refunded yet, each with its customer, plan, date and reason, opening its subscription, where
 * "Rembourser" decides it.
 */
export function RefundRequestsList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const { data, isPending, error } = useGetList<AdminSubscription>('subscriptions', {
    filter: REFUND_REQUESTED,
    sort: { field: 'createdAt', order: 'ASC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  if (error) return <Alert severity="error">{translate('shop.dashboard.toHandle.loadError')}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={56} />;
  if (!data || data.length === 0) return null;
  return (
    <List dense disablePadding aria-label={translate('shop.dashboard.toHandle.refundRequests')}>
      {data.map((subscription) => (
        <ListItemButton
          key={subscription.id}
          component={Link}
          to={createPath({ resource: 'subscriptions', type: 'show', id: subscription.id })}
          sx={{ borderRadius: 1, alignItems: 'flex-start', px: 1 }}
        >
          <ListItemText
            primary={`${subscription.customerName || subscription.customerEmail || subscription.userId} — ${subscription.planName}`}
            secondary={
              <>
                {subscription.refundRequestedAt &&
                  translate('shop.dashboard.toHandle.requestedOn', { date: date(subscription.refundRequestedAt) })}
                {subscription.refundReason && (
                  <Box component="span" sx={{ display: 'block', fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                    {translate('shop.dashboard.toHandle.quoted', { text: subscription.refundReason })}
                  </Box>
                )}
              </>
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
}
