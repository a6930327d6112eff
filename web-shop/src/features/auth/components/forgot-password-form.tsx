import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/ui/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { passwordResetRequestSchema } from '../lib/auth-schemas';
import { SubmitButton } from '../../../components/ui/submit-button';

/** Asks for a reset link; the confirmation is the same whether or not the address has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<'errors.tooManyRequests' | 'errors.network' | 'errors.unexpected' | null>(null);

  if (sentTo)
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
        <Button variant="contained" size="large" onClick={onBack}>
          {t('forgot.back')}
        </Button>
      </Stack>
    );

  return (
    <Formik
      initialValues={{ email: initialEmail }}
      validationSchema={passwordResetRequestSchema}
      onSubmit={async ({ email }) => {
        setError(null);
        try {
          await requestPasswordReset(email.trim());
          setSentTo(email.trim());
        } catch (failure) {
          if (failure instanceof ApiError && failure.status === 429) setError('errors.tooManyRequests');
          else if (failure instanceof ApiError && failure.code === 'network.unreachable') setError('errors.network');
          else setError('errors.unexpected');
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack spacing={2.5}>
            {error && (
              <Alert severity="error" role="alert">
                {t(error)}
              </Alert>
            )}
            <Typography sx={{ color: 'text.secondary' }}>{t('forgot.message')}</Typography>
            <FormTextField
              name="email"
              type="email"
              label={t('fields.email')}
              autoComplete="email"
              required
              autoFocus
            />
            <SubmitButton busy={isSubmitting} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
            <Button onClick={onBack} disabled={isSubmitting}>
              {t('forgot.back')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
