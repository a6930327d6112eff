import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormikProvider, type FormikContextType } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button';

/**
 * A request form in its frame: its heading (`h2`), an introduction and the required-fields note,
 * then its fields (`children`) one under the other, wired to `formik`, and its `submit` button.
 */
export function FormCard<Values extends object>({
  id,
  title,
  subtitle,
  formik,
  submit,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  formik: FormikContextType<Values>;
  submit: { label: string; busyLabel: string; icon?: ReactNode };
  children: ReactNode;
}) {
  const { t } = useTranslation('info');
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Typography id={id} component="h2" variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {subtitle && <Typography sx={{ color: 'text.secondary', mb: 1 }}>{subtitle}</Typography>}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('form.requiredNote')}
      </Typography>
      <FormikProvider value={formik}>
        <form noValidate onSubmit={formik.handleSubmit}>
          <Stack spacing={2.5}>
            {children}
            <SubmitButton busy={formik.isSubmitting} {...submit} />
          </Stack>
        </form>
      </FormikProvider>
    </Paper>
  );
}
