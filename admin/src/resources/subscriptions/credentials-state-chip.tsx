import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import { IconChip, TINTS } from '../../components/record-chips';
import type { Subscription } from './subscription-vocabulary';

/**
 * Whether the customer has their credentials: "attribués", or "à fournir" while an active subscription
 * waits for them (the 24-hour promise runs). Nothing to do for a subscription not in use.
 */
export function CredentialsStateChip() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  if (subscription.credentialsId) {
    return <IconChip icon={<CheckCircleIcon />} label="shop.subscriptions.credentials.assigned" tint={TINTS.green} />;
  }
  if (subscription.status !== 'active') {
    return (
      <Chip
        size="small"
        variant="outlined"
        label={translate('shop.subscriptions.credentials.none')}
        sx={{ color: 'text.secondary' }}
      />
    );
  }
  return (
    <IconChip icon={<HourglassEmptyIcon />} label="shop.subscriptions.credentials.missing" tint={TINTS.orange} loud />
  );
}
