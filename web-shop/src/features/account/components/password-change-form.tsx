import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { KeyIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/ui/form-text-field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { passwordChangeSchema } from '../lib/account-schemas';
import { SubmitButton } from '../../../components/ui/submit-button';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmed password; the server checks the current one and ends the other sessions. */
export function PasswordChangeForm({ userId, onChanged }: { userId: string; onChanged?: () => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const changePassword = useChangePassword(userId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2.5 }}>
        <KeyIcon sx={{ color: 'primary.main' }} aria-hidden />
        <Typography component="h2" variant="h3">
          {t('password.title')}
        </Typography>
      </Stack>
      <Formik
        initialValues={EMPTY}
        validationSchema={passwordChangeSchema}
        onSubmit={async (values, helpers) => {
          try {
            await changePassword.mutateAsync({
              currentPassword: values.currentPassword,
              newPassword: values.newPassword,
            });
          } catch (error) {
            const wrongCurrent = error instanceof ApiError && error.code === 'auth.current_password_incorrect';
            const tooCommon = error instanceof ApiError && error.code === 'auth.password_too_common';
            if (wrongCurrent) helpers.setFieldError('currentPassword', 'account:password.currentIncorrect');
            if (tooCommon) helpers.setFieldError('newPassword', 'account:password.tooCommon');
            const reason = wrongCurrent
              ? t('password.currentIncorrect')
              : error instanceof ApiError && error.code === 'auth.password_checks_exhausted'
                ? t('password.checksExhausted')
                : tooCommon
                  ? t('password.tooCommon')
                  : error instanceof ApiError && error.code === 'validation.failed'
                    ? t('password.invalid')
                    : t('password.unexpected');
            toast({ severity: 'error', title: t('password.errorTitle'), message: reason });
            return;
          }
          helpers.resetForm({ values: EMPTY });
          toast({ severity: 'success', title: t('password.success'), message: t('password.successMessage') });
          onChanged?.();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2.5}>
              <FormTextField
                name="currentPassword"
                type="password"
                label={t('password.current')}
                autoComplete="current-password"
                required
              />
              <NewPasswordFields name="newPassword" label={t('password.new')} confirmLabel={t('password.confirm')} />
              <SubmitButton busy={isSubmitting} label={t('password.submit')} busyLabel={t('password.submitting')} />
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
