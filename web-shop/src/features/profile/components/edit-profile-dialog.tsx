import { showsSomething } from '@shop/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast-provider';
import { useUpdateProfile } from '../api/update-profile';

const schema = yup.object({
  fullName: yup
    .string()
    .trim()
    .required('profile:edit.nameRequired')
    // Zero-width spaces alone look like no name at all, and the API refuses them as such.
    .test('shows-something', 'profile:edit.nameRequired', (value) => !value || showsSomething(value))
    .max(100, 'profile:edit.nameMax'),
});

/** Changes the name shown on the profile; the session's profile is asked again so every screen shows it. */
export function EditProfileDialog({
  open,
  fullName,
  onClose,
}: {
  open: boolean;
  fullName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const update = useUpdateProfile();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-profile-title">
      <Formik
        initialValues={{ fullName }}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({ fullName: values.fullName.trim() });
          } catch {
            toast({ severity: 'error', message: t('edit.error') });
            return;
          }
          toast({ severity: 'success', message: t('edit.saved') });
          onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="edit-profile-title">{t('edit.title')}</DialogTitle>
            <DialogContent>
              <FormTextField
                name="fullName"
                label={t('edit.fullName')}
                autoComplete="name"
                required
                autoFocus
                sx={{ mt: 1 }}
              />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                {t('edit.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t('edit.saving') : t('edit.save')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
