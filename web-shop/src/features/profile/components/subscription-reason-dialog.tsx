import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, Formik } from 'formik';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectSchema } from 'yup';
import { FormTextField } from '../../../components/ui/form-text-field';
import type { SubscriptionActionErrorKey } from '../lib/subscription-action-errors';
import type { UserSubscription } from '../types';

/** What the profile gives a dialog acting on one of the customer's subscriptions. */
export type SubscriptionDialogProps = {
  subscription: UserSubscription;
  open: boolean;
  onClose: () => void;
};

/**
 * The confirmation of an action the customer takes on a subscription, with their reason:
 * what it means, the reason, then a button to go back and one to confirm. A refusal of the
 * server stays in the dialog; a success closes it.
 */
export function SubscriptionReasonDialog({
  open,
  onClose,
  title,
  intro,
  schema,
  reasonLabel,
  reasonRequired = false,
  reasonMaxLength,
  reasonMinRows,
  closeLabel,
  confirmLabel,
  confirmingLabel,
  confirmColor,
  onConfirm,
  errorKey,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action means, above the reason. */
  intro: ReactNode;
  schema: ObjectSchema<{ reason?: string }>;
  reasonLabel: string;
  reasonRequired?: boolean;
  reasonMaxLength: number;
  reasonMinRows: number;
  closeLabel: string;
  confirmLabel: string;
  confirmingLabel: string;
  confirmColor?: 'error';
  /** Sends the action with the reason as typed; the dialog closes once it resolves. */
  onConfirm: (reason: string) => Promise<void>;
  /** What to tell the customer when `onConfirm` fails. */
  errorKey: (caught: unknown) => SubscriptionActionErrorKey;
}) {
  const { t } = useTranslation('profile');
  const titleId = useId();
  const [error, setError] = useState<SubscriptionActionErrorKey | null>(null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={schema}
        onSubmit={async ({ reason }) => {
          setError(null);
          try {
            await onConfirm(reason);
            onClose();
          } catch (caught) {
            setError(errorKey(caught));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              {intro}
              <FormTextField
                name="reason"
                label={reasonLabel}
                required={reasonRequired}
                multiline
                minRows={reasonMinRows}
                slotProps={{ htmlInput: { maxLength: reasonMaxLength } }}
              />
              {error && (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {t(error)}
                </Alert>
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                {closeLabel}
              </Button>
              <Button type="submit" variant="contained" color={confirmColor} disabled={isSubmitting}>
                {isSubmitting ? confirmingLabel : confirmLabel}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
