import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { KeyIcon } from '../../../components/icons';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { useSession } from '../../../lib/session';
import { passwordResetSchema } from '../lib/auth-schemas';
import { SubmitButton } from '../../../components/ui/submit-button';

type ResetError =
  'reset.invalidToken' | 'errors.passwordTooCommon' | 'errors.invalidInput' | 'errors.network' | 'errors.unexpected';

/** The link from the e-mail: a new password (twice), then to sign-in, since every session has ended. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const { reload } = useSession();
  const [error, setError] = useState<ResetError | null>(token ? null : 'reset.invalidToken');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      <KeyIcon sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
      <Typography component="h1" variant="h3" sx={{ mt: 1, mb: 1 }}>
        {t('reset.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('reset.subtitle')}</Typography>
      {error && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mb: 3 }}
          action={
            error === 'reset.invalidToken' ? (
              <Button component={RouterLink} to="/auth?mode=forgot" color="inherit" size="small">
                {t('reset.askAgain')}
              </Button>
            ) : undefined
          }
        >
          {error === 'reset.invalidToken' && <AlertTitle>{t('reset.invalidTokenTitle')}</AlertTitle>}
          {t(error)}
        </Alert>
      )}
      {token && error !== 'reset.invalidToken' && (
        <Formik
          initialValues={{ password: '', confirmPassword: '' }}
          validationSchema={passwordResetSchema}
          onSubmit={async ({ password }, helpers) => {
            setError(null);
            try {
              await confirmPasswordReset({ token, newPassword: password });
            } catch (failure) {
              if (failure instanceof ApiError && failure.code === 'auth.reset_token_invalid')
                setError('reset.invalidToken');
              else if (failure instanceof ApiError && failure.code === 'auth.password_too_common') {
                // The link is still good: the customer picks another password on the same screen.
                helpers.setFieldError('password', 'auth:errors.passwordTooCommon');
                setError('errors.passwordTooCommon');
              } else if (failure instanceof ApiError && failure.code === 'validation.failed')
                setError('errors.invalidInput');
              else if (failure instanceof ApiError && failure.code === 'network.unreachable')
                setError('errors.network');
              else setError('errors.unexpected');
              return;
            }
            toast({ severity: 'success', title: t('reset.success'), message: t('reset.successMessage') });
            // Every session of the account has ended, this one included.
            await reload().catch(() => undefined);
            void navigate('/auth', { replace: true });
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack spacing={2.5}>
                <NewPasswordFields
                  name="password"
                  label={t('reset.password')}
                  confirmLabel={t('fields.confirmPassword')}
                  autoFocus
                />
                <SubmitButton busy={isSubmitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
              </Stack>
            </Form>
          )}
        </Formik>
      )}
      <Button component={RouterLink} to="/auth" sx={{ mt: 2 }} fullWidth>
        {t('reset.toSignIn')}
      </Button>
    </Paper>
  );
}
