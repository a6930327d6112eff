import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { useRequestRefund } from '../api/subscription-actions';
import { refundErrorKey } from '../lib/subscription-action-errors';
import { SubscriptionReasonDialog, type SubscriptionDialogProps } from './subscription-reason-dialog';

const schema = yup.object({
  reason: yup
    .string()
    .trim()
    .required('profile:subscriptions.refund.reasonRequired')
    .max(1000, 'profile:subscriptions.refund.reasonMax'),
});

/** The 7-day guarantee: what it promises, then the customer's reason; the operator decides. */
export default function RefundDialog({ subscription, open, onClose }: SubscriptionDialogProps) {
  const { t, i18n } = useTranslation('profile');
  const toast = useToast();
  const requestRefund = useRequestRefund();
  return (
    <SubscriptionReasonDialog
      open={open}
      onClose={onClose}
      title={t('subscriptions.refund.title')}
      intro={
        <Alert severity="info" sx={{ mb: 2.5 }}>
          <AlertTitle>{t('subscriptions.refund.guaranteeTitle')}</AlertTitle>
          {t('subscriptions.refund.guarantee', {
            date: subscription.refundableUntil ? formatDate(subscription.refundableUntil, i18n.language) : '',
          })}
        </Alert>
      }
      schema={schema}
      reasonLabel={t('subscriptions.refund.reason')}
      reasonRequired
      reasonMaxLength={1000}
      reasonMinRows={3}
      closeLabel={t('subscriptions.refund.close')}
      confirmLabel={t('subscriptions.refund.submit')}
      confirmingLabel={t('subscriptions.refund.submitting')}
      onConfirm={async (reason) => {
        await requestRefund.mutateAsync({ subscriptionId: subscription.id, reason: reason.trim() });
        toast({ severity: 'success', message: t('subscriptions.refund.done') });
      }}
      errorKey={refundErrorKey}
    />
  );
}
