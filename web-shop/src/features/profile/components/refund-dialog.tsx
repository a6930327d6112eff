import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { useRequestRefund } from '../api/subscription-actions';
import { refundErrorKey, type RefundErrorKey } from '../lib/subscription-action-errors';
import type { UserSubscription } from '../types';

const schema = yup.object({
  reason: yup
    .string()
    .trim()
    .required('profile:subscriptions.refund.reasonRequired')
    .max(1000, 'profile:subscriptions.refund.reasonMax'),
});

/** The 7-day guarantee: what it promises, then the customer's reason; the operator decides. */
export default function RefundDialog({
  subscription,
  open,
  onClose,
}: {
  subscription: UserSubscription;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const toast = useToast();
  const requestRefund = useRequestRefund();
  const titleId = useId();
  const [error, setError] = useState<RefundErrorKey | null>(null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={schema}
        onSubmit={async ({ reason }) => {
          setError(null);
          try {
            await requestRefund.mutateAsync({ subscriptionId: subscription.id, reason: reason.trim() });
            toast({ severity: 'success', message: t('subscriptions.refund.done') });
            onClose();
          } catch (caught) {
            setError(refundErrorKey(caught));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{t('subscriptions.refund.title')}</DialogTitle>
            <DialogContent>
              <Alert severity="info" sx={{ mb: 2.5 }}>
                <AlertTitle>{t('subscriptions.refund.guaranteeTitle')}</AlertTitle>
                {t('subscriptions.refund.guarantee', {
                  date: subscription.refundableUntil ? formatDate(subscription.refundableUntil, i18n.language) : '',
                })}
              </Alert>
              <FormTextField
                name="reason"
                label={t('subscriptions.refund.reason')}
                required
                multiline
                minRows={3}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              {error && (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {t(error)}
                </Alert>
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                {t('subscriptions.refund.close')}
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t('subscriptions.refund.submitting') : t('subscriptions.refund.submit')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
