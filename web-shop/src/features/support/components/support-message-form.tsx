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
import {
  SUPPORT_CATEGORIES,
  supportMessageSchema,
  useSendSupportMessage,
  type SupportCategory,
} from '../api/send-support-message';
import { CONTACT_FORM_ID } from '../lib/focus-contact-form';
import { sendFailureKey } from '../lib/send-failure';

interface Values {
  email: string;
  category: SupportCategory | '';
  subject: string;
  message: string;
}

const EMPTY: Values = { email: '', category: '', subject: '', message: '' };

/** The support page's message form; anyone may send it, the server links it to a signed-in customer. */
export function SupportMessageForm() {
  const { t } = useTranslation('support');
  const toast = useToast();
  const send = useSendSupportMessage();

  const formik = useFormik<Values>({
    initialValues: EMPTY,
    validationSchema: supportMessageSchema,
    onSubmit: async (values, helpers) => {
      try {
        await send({ ...values, category: values.category as SupportCategory });
      } catch (error) {
        for (const field of refusedFields(error))
          if (field in values) helpers.setFieldError(field, 'support:validation.refused');
        toast({ severity: 'error', title: t('toast.errorTitle'), message: t(sendFailureKey(error)) });
        return;
      }
      toast({ severity: 'success', title: t('toast.messageSent'), message: t('toast.messageSuccess') });
      helpers.resetForm();
    },
  });

  const busy = formik.isSubmitting;
  return (
    <Paper
      component="section"
      id={CONTACT_FORM_ID}
      aria-labelledby="support-form-title"
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Typography id="support-form-title" component="h2" variant="h3" sx={{ mb: 0.5 }}>
        {t('form.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('form.subtitle')}
      </Typography>
      <FormikProvider value={formik}>
        <form
          noValidate
          onSubmit={(event) => {
            // The seeds' message for a form sent with a required field left empty.
            if (Object.values(formik.values).some((value) => value.trim() === ''))
              toast({ severity: 'error', title: t('toast.errorTitle'), message: t('toast.fillAllFields') });
            formik.handleSubmit(event);
          }}
        >
          <Stack spacing={2.5}>
            <FormTextField name="email" type="email" label={t('form.email')} autoComplete="email" required />
            <FormTextField
              name="category"
              select
              label={t('form.category')}
              required
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                {t('form.chooseCategory')}
              </option>
              {SUPPORT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`form.categories.${category}`)}
                </option>
              ))}
            </FormTextField>
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
              rows={4}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<SendIcon aria-hidden />}>
              {busy ? t('form.submitting') : t('form.submit')}
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
