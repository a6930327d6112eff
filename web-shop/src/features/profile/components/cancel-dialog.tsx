import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { useCancelSubscription } from '../api/subscription-actions';
import { cancellationErrorKey, type CancellationErrorKey } from '../lib/subscription-action-errors';
import type { UserSubscription } from '../types';

const schema = yup.object({ reason: yup.string().trim().max(500) });

/** The confirmation of a cancellation: it stays active until its expiry, said before and after. */
export default function CancelDialog({
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
  const cancel = useCancelSubscription();
  const titleId = useId();
  const [error, setError] = useState<CancellationErrorKey | null>(null);
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={schema}
        onSubmit={async ({ reason }) => {
          setError(null);
          try {
            const answer = await cancel.mutateAsync({
              subscriptionId: subscription.id,
              reason: reason.trim() || undefined,
            });
            toast({
              severity: 'success',
              message: t('subscriptions.cancel.done', { date: date(answer.accessEndsAt) }),
            });
            onClose();
          } catch (caught) {
            setError(cancellationErrorKey(caught));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{t('subscriptions.cancel.title', { name: subscription.planName })}</DialogTitle>
            <DialogContent>
              {subscription.expiresAt && (
                <DialogContentText sx={{ mb: 2 }}>
                  {t('subscriptions.cancel.message', { date: date(subscription.expiresAt) })}
                </DialogContentText>
              )}
              <FormTextField
                name="reason"
                label={t('subscriptions.cancel.reason')}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              {error && (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {t(error)}
                </Alert>
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                {t('subscriptions.cancel.keep')}
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={isSubmitting}>
                {isSubmitting ? t('subscriptions.cancel.confirming') : t('subscriptions.cancel.confirm')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
