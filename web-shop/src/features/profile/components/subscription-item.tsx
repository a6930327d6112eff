import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import { useFinaliseOrder } from '../api/finalise-order';
import { displayStatus, STATUS_COLOURS } from '../lib/display-status';
import type { UserSubscription } from '../types';

export function SubscriptionItem({ subscription }: { subscription: UserSubscription }) {
  const { t, i18n } = useTranslation('profile');
  const language = useLanguage();
  const toast = useToast();
  const [finalising, setFinalising] = useState(false);
  const finaliseOrder = useFinaliseOrder();
  const status = displayStatus(subscription);
  const date = (iso: string) => formatDate(iso, i18n.language);

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
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('subscriptions.months', { count: subscription.months })} ·{' '}
          {formatPrice(subscription.totalCents, subscription.currency, i18n.language)}
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
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignSelf: 'center' }}>
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
        <Button
          component={RouterLink}
          to={`/subscription/${encodeURIComponent(subscription.planId)}`}
          variant="outlined"
          size="small"
        >
          {t('subscriptions.details')}
        </Button>
      </Stack>
    </Paper>
  );
}
