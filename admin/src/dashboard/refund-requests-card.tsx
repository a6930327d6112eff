import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import type { AdminSubscription } from '@shop/contracts';
import { useCreatePath, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SectionCard } from '../components/section-card';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { FailedRenewals } from './failed-renewals';

/** The refund requests waiting for the operator: the subscriptions list's own filter. */
const REFUND_REQUESTED = { refundRequested: true } as const;
const SHOWN = 5;

/**
 * "À traiter": the refunds customers asked for under the 7-day guarantee and nobody refunded yet,
 * the oldest first, each opening its subscription, where "Rembourser" decides it; then the automatic
 * renewals declined, counted, with a link to them.
 */
export function RefundRequestsCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const { data, total, isPending, error } = useGetList<AdminSubscription>('subscriptions', {
    filter: REFUND_REQUESTED,
    sort: { field: 'createdAt', order: 'ASC' },
    pagination: { page: 1, perPage: SHOWN },
  });
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const list = createPath({ resource: 'subscriptions', type: 'list' });

  let content;
  if (error) content = <Alert severity="error">{translate('shop.dashboard.toHandle.loadError')}</Alert>;
  else if (isPending) content = <Skeleton variant="rounded" height={56} />;
  else if (!data || data.length === 0)
    content = <Alert severity="success">{translate('shop.dashboard.toHandle.none')}</Alert>;
  else
    content = (
      <>
        <List dense disablePadding aria-label={translate('shop.dashboard.toHandle.refundRequests')}>
          {data.map((subscription) => (
            <ListItemButton
              key={subscription.id}
              component={Link}
              to={createPath({ resource: 'subscriptions', type: 'show', id: subscription.id })}
              sx={{ borderRadius: 1, alignItems: 'flex-start', gap: 1.5 }}
            >
              <ReplayIcon aria-hidden sx={{ color: '#8a3c00', mt: 0.75 }} fontSize="small" />
              <ListItemText
                primary={`${subscription.customerName || subscription.customerEmail || subscription.userId} — ${subscription.planName}`}
                secondary={
                  <>
                    {subscription.refundRequestedAt &&
                      translate('shop.dashboard.toHandle.requestedOn', { date: date(subscription.refundRequestedAt) })}
                    {subscription.refundReason && (
                      <Box component="span" sx={{ display: 'block', fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                        « {subscription.refundReason} »
                      </Box>
                    )}
                  </>
                }
              />
            </ListItemButton>
          ))}
        </List>
        {(total ?? 0) > data.length && (
          <Button
            component={Link}
            to={`${list}?filter=${encodeURIComponent(JSON.stringify(REFUND_REQUESTED))}`}
            size="small"
            sx={{ mt: 1 }}
          >
            {translate('shop.dashboard.toHandle.more', { smart_count: total })}
          </Button>
        )}
      </>
    );
  return (
    <SectionCard id="dashboard-to-handle" title={translate('shop.dashboard.toHandle.title')}>
      <Box component="h3" sx={{ typography: 'subtitle2', color: 'text.secondary', m: 0, mb: 1 }}>
        {translate('shop.dashboard.toHandle.refundRequests')}
      </Box>
      {content}
      <FailedRenewals />
    </SectionCard>
  );
}
