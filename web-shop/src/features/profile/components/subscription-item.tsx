import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import { useFinaliseOrder } from '../api/finalise-order';
import { useSetAutoRenew } from '../api/subscription-actions';
import { displayStatus, STATUS_COLOURS } from '../lib/display-status';
import { autoRenewErrorKey } from '../lib/subscription-action-errors';
import type { RenewalDialogProps, UserSubscription } from '../types';

// Opened from an item; most visits never open them, so they are not part of the page's first download.
const CancelDialog = lazy(() => import('./cancel-dialog'));
const RefundDialog = lazy(() => import('./refund-dialog'));

type Action = 'renew' | 'cancel' | 'refund';

export function SubscriptionItem({
  subscription,
  RenewalDialog,
  renewAtOnce = false,
}: {
  subscription: UserSubscription;
  /** How a renewal is chosen and paid; without it, no Renew button. */
  RenewalDialog?: ComponentType<RenewalDialogProps>;
  /** Opens its renewal straight away (the reminder e-mail's link), when it can be renewed. */
  renewAtOnce?: boolean;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = useLanguage();
  const toast = useToast();
  const [finalising, setFinalising] = useState(false);
  const finaliseOrder = useFinaliseOrder();
  const status = displayStatus(subscription);
  const date = (iso: string) => formatDate(iso, i18n.language);
  // The dialog open, and the last one opened (kept mounted while it closes).
  const renewNow = renewAtOnce && Boolean(RenewalDialog) && subscription.renewable && status !== 'pending';
  const [action, setAction] = useState<Action | null>(renewNow ? 'renew' : null);
  const [shown, setShown] = useState<Action | null>(renewNow ? 'renew' : null);
  const open = (chosen: Action) => {
    setShown(chosen);
    setAction(chosen);
  };
  const close = () => setAction(null);
  const running = status === 'active';
  const cancellable = running && !subscription.cancelledAt;
  const money = (cents: number) => formatPrice(cents, subscription.currency, i18n.language);
  // A declined automatic charge says itself below, with what comes next; no renewal line beside it.
  const renewalFailed = running && subscription.renewalFailedAt !== null;
  const canRenew = Boolean(RenewalDialog) && subscription.renewable && status !== 'pending';
  const renewalLine = (() => {
    if (!subscription.expiresAt || !running || renewalFailed) return null;
    if (subscription.planWithdrawn && !subscription.cancelledAt)
      return t('subscriptions.renewal.withdrawn', { date: date(subscription.expiresAt) });
    if (subscription.autoRenew)
      return subscription.nextChargeAt && subscription.nextChargeCents !== null && subscription.paymentMethod
        ? t('subscriptions.renewal.auto', {
            date: date(subscription.nextChargeAt),
            amount: money(subscription.nextChargeCents),
            method: subscription.paymentMethod,
          })
        : t('subscriptions.renewal.autoBefore', { date: date(subscription.expiresAt) });
    return subscription.cancelledAt
      ? t('subscriptions.renewal.cancelled', { date: date(subscription.expiresAt) })
      : t('subscriptions.renewal.manual', { date: date(subscription.expiresAt) });
  })();
  // On: turning it off is a cancellation, confirmed in its dialog. Off: back on with the method kept.
  const autoRenewSwitch =
    running && !subscription.planWithdrawn && (subscription.autoRenew || subscription.paymentMethod !== null);
  // The switch names the kept method unless the renewal line just above already does.
  const switchNamesMethod =
    subscription.paymentMethod !== null && !(renewalLine?.includes(subscription.paymentMethod) ?? false);
  const setAutoRenew = useSetAutoRenew();
  const turnAutoRenewOn = async () => {
    try {
      await setAutoRenew.mutateAsync({ subscriptionId: subscription.id, enabled: true });
      toast({ severity: 'success', message: t('subscriptions.autoRenew.on') });
    } catch (error) {
      toast({ severity: 'error', message: t(autoRenewErrorKey(error)) });
    }
  };

  const finalise = async () => {
    setFinalising(true);
    try {
      const order = await finaliseOrder.mutateAsync({ subscriptionId: subscription.id, language });
      window.location.assign(order.redirectUrl);
    } catch {
      toast({ severity: 'error', message: t('subscriptions.continueError') });
      setFinalising(false);
    }
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="profile-subscription"
      sx={{ p: 2, borderRadius: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      {subscription.logo && (
        <Box component="img" src={subscription.logo} alt="" width={48} height={48} sx={{ borderRadius: 1.5 }} />
      )}
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
            {subscription.planName}
          </Typography>
          <Chip size="small" color={STATUS_COLOURS[status]} label={t(`subscriptions.status.${status}`)} />
        </Stack>
        <Typography variant="body2" data-testid="subscription-order" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('subscriptions.months', { count: subscription.months })} · {money(subscription.totalCents)}
          {subscription.renewalCount > 0 &&
            ` · ${t('subscriptions.renewed', { count: subscription.renewalCount, total: money(subscription.paidCents) })}`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {subscription.expiresAt
            ? t(status === 'expired' ? 'subscriptions.expired' : 'subscriptions.expires', {
                date: date(subscription.expiresAt),
              })
            : t('subscriptions.noExpiry')}
          {' · '}
          {t('subscriptions.purchased', { date: date(subscription.purchasedAt) })}
        </Typography>
        {renewalLine && (
          <Typography
            variant="body2"
            data-testid="subscription-renewal"
            sx={{ mt: 0.5, fontWeight: 600, color: subscription.cancelledAt ? 'warning.dark' : 'text.primary' }}
          >
            {renewalLine}
          </Typography>
        )}
        {renewalFailed && (
          <Alert
            severity="warning"
            data-testid="subscription-renewal-failed"
            sx={{ mt: 1 }}
            action={
              canRenew ? (
                <Button color="inherit" size="small" onClick={() => open('renew')} sx={{ whiteSpace: 'nowrap' }}>
                  {t('subscriptions.renewal.failed.renewNow')}
                </Button>
              ) : undefined
            }
          >
            <AlertTitle sx={{ mb: 0 }}>{t('subscriptions.renewal.failed.title')}</AlertTitle>
            {subscription.renewalRetryAt
              ? t('subscriptions.renewal.failed.retry', { date: date(subscription.renewalRetryAt) })
              : subscription.expiresAt &&
                t('subscriptions.renewal.failed.ends', { date: date(subscription.expiresAt) })}
          </Alert>
        )}
        {autoRenewSwitch && (
          <FormControlLabel
            // The small switch's track lines up with the text above, its label a little apart from the thumb.
            sx={{ mt: 0.5, ml: '-4px', gap: 0.5 }}
            control={
              <Switch
                size="small"
                checked={subscription.autoRenew}
                disabled={setAutoRenew.isPending}
                onChange={(event) => {
                  if (event.target.checked) void turnAutoRenewOn();
                  else open('cancel');
                }}
              />
            }
            label={
              <Typography variant="body2">
                {t('subscriptions.autoRenew.label')}
                {switchNamesMethod && (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {' '}
                    ({subscription.paymentMethod})
                  </Box>
                )}
              </Typography>
            }
          />
        )}
        {subscription.refundRequestedAt && (
          <Typography
            variant="body2"
            data-testid="subscription-refund"
            sx={{ mt: 0.5, fontWeight: 600, color: 'info.dark' }}
          >
            {t('subscriptions.renewal.refundRequested', { date: date(subscription.refundRequestedAt) })}
          </Typography>
        )}
      </Box>
      <Box
        role="group"
        aria-label={t('subscriptions.actions.label', { name: subscription.planName })}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          alignSelf: 'center',
          flex: { xs: '1 1 100%', md: '0 1 auto' },
          justifyContent: { md: 'flex-end' },
        }}
      >
        {status === 'pending' && (
          <Button variant="contained" size="small" onClick={() => void finalise()} disabled={finalising}>
            {finalising ? t('subscriptions.finalising') : t('subscriptions.finalise')}
          </Button>
        )}
        {status === 'active' && (
          <Button
            component={RouterLink}
            to={`/product-access/${encodeURIComponent(subscription.id)}`}
            variant="contained"
            size="small"
          >
            {t('subscriptions.access')}
          </Button>
        )}
        {canRenew && (
          <Button variant={status === 'active' ? 'outlined' : 'contained'} size="small" onClick={() => open('renew')}>
            {t('subscriptions.renew.action')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={`/subscription/${encodeURIComponent(subscription.planId)}`}
          variant="outlined"
          size="small"
        >
          {t('subscriptions.details')}
        </Button>
        {subscription.refundableUntil && (
          <Button size="small" onClick={() => open('refund')}>
            {t('subscriptions.refund.action')}
          </Button>
        )}
        {cancellable && (
          <Button size="small" color="error" onClick={() => open('cancel')}>
            {t('subscriptions.cancel.action')}
          </Button>
        )}
      </Box>
      <Suspense fallback={null}>
        {shown === 'renew' && RenewalDialog && (
          <RenewalDialog subscription={subscription} open={action === 'renew'} onClose={close} />
        )}
        {shown === 'cancel' && <CancelDialog subscription={subscription} open={action === 'cancel'} onClose={close} />}
        {shown === 'refund' && <RefundDialog subscription={subscription} open={action === 'refund'} onClose={close} />}
      </Suspense>
    </Paper>
  );
}
