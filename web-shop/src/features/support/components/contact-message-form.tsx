import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormikProvider, useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast-provider';
import { config } from '../../../config';
import { refusedFields } from '../../../lib/refused-fields';
import { contactMessageSchema, useSendSupportMessage } from '../api/send-support-message';
import { sendFailureKey } from '../lib/send-failure';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/**
 * The contact page's form. The seeds opened the visitor's mail client; the message is stored with
 * the support messages instead (category `other`), and the address stays available as a link.
 */
export function ContactMessageForm() {
  const { t } = useTranslation('support');
  const toast = useToast();
  const send = useSendSupportMessage();

  const formik = useFormik({
    initialValues: EMPTY,
    validationSchema: contactMessageSchema,
    onSubmit: async (values, helpers) => {
      try {
        await send({ ...values, category: 'other' });
      } catch (error) {
        for (const field of refusedFields(error))
          if (field in values) helpers.setFieldError(field, 'support:validation.refused');
        toast({ severity: 'error', title: t('toast.errorTitle'), message: t(sendFailureKey(error)) });
        return;
      }
      toast({ severity: 'success', title: t('contact.success'), message: t('contact.successMessage') });
      helpers.resetForm();
    },
  });

  const busy = formik.isSubmitting;
  return (
    <Paper
      component="section"
      aria-labelledby="contact-form-title"
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
    >
      <Typography id="contact-form-title" component="h2" variant="h3" sx={{ mb: 0.5 }}>
        {t('contact.formTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('form.subtitle')}
      </Typography>
      <FormikProvider value={formik}>
        <form
          noValidate
          onSubmit={(event) => {
            if (Object.values(formik.values).some((value) => value.trim() === ''))
              toast({ severity: 'error', title: t('toast.errorTitle'), message: t('toast.fillAllFields') });
            formik.handleSubmit(event);
          }}
        >
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
              <FormTextField name="name" label={t('form.name')} autoComplete="name" required />
              <FormTextField name="email" type="email" label={t('form.email')} autoComplete="email" required />
            </Stack>
            <FormTextField
              name="subject"
              label={t('form.subject')}
              required
              slotProps={{ htmlInput: { maxLength: 150 } }}
            />
            <FormTextField
              name="message"
              label={t('form.message')}
              required
              multiline
              rows={6}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<SendIcon aria-hidden />}>
              {busy ? t('form.submitting') : t('contact.submit')}
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {t('form.mailAlternative')}{' '}
              <Link href={`mailto:${config.supportEmail}`} sx={{ display: 'inline-block' }}>
                {config.supportEmail}
              </Link>
            </Typography>
          </Stack>
        </form>
      </FormikProvider>
    </Paper>
  );
}
