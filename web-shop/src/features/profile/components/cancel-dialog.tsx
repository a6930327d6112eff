import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { useCancelSubscription } from '../api/subscription-actions';
import { cancellationErrorKey } from '../lib/subscription-action-errors';
import { SubscriptionReasonDialog, type SubscriptionDialogProps } from './subscription-reason-dialog';

const schema = yup.object({ reason: yup.string().trim().max(500) });

/** The confirmation of a cancellation: it stays active until its expiry, said before and after. */
export default function CancelDialog({ subscription, open, onClose }: SubscriptionDialogProps) {
  const { t, i18n } = useTranslation('profile');
  const toast = useToast();
  const cancel = useCancelSubscription();
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <SubscriptionReasonDialog
      open={open}
      onClose={onClose}
      title={t('subscriptions.cancel.title', { name: subscription.planName })}
      intro={
        subscription.expiresAt && (
          <DialogContentText sx={{ mb: 2 }}>
            {t('subscriptions.cancel.message', { date: date(subscription.expiresAt) })}
            {subscription.autoRenew &&
              subscription.paymentMethod &&
              ` ${t('subscriptions.cancel.autoRenewStops', { method: subscription.paymentMethod })}`}
          </DialogContentText>
        )
      }
      schema={schema}
      reasonLabel={t('subscriptions.cancel.reason')}
      reasonMaxLength={500}
      reasonMinRows={2}
      closeLabel={t('subscriptions.cancel.keep')}
      confirmLabel={t('subscriptions.cancel.confirm')}
      confirmingLabel={t('subscriptions.cancel.confirming')}
      confirmColor="error"
      onConfirm={async (reason) => {
        const answer = await cancel.mutateAsync({
          subscriptionId: subscription.id,
          reason: reason.trim() || undefined,
        });
        toast({
          severity: 'success',
          message: t('subscriptions.cancel.done', { date: date(answer.accessEndsAt) }),
        });
      }}
      errorKey={cancellationErrorKey}
    />
  );
}
