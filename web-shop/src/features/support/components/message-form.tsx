import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INQUIRY_LIMITS, type SupportMessageRequest } from '@shop/contracts';
import { FormikProvider, useFormik } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectSchema } from 'yup';
import { SendIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SectionCard } from '../../../components/ui/section-card';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useToast } from '../../../components/ui/toast-provider';
import { useFormDraft } from '../../../lib/form-drafts';
import { config } from '../../../config';
import { refusedFields } from '../../../lib/refused-fields';
import { useSendSupportMessage } from '../api/send-support-message';
import { sendFailureKey } from '../lib/send-failure';

/**
 * What the support and contact forms share: the fields each adds first (`children`), then subject,
 * message, the send button and the address as an alternative. Sent, the message is stored with the
 * support messages: a toast and an empty form; refused, a toast and the refused fields marked.
 */
export function MessageForm<Values extends { [Field in keyof Values]: string }>({
  id,
  titleId,
  title,
  submitLabel,
  messageRows,
  initialValues,
  validationSchema,
  toInput,
  success,
  children,
}: {
  id?: string;
  titleId: string;
  title: string;
  submitLabel: string;
  messageRows: number;
  initialValues: Values;
  validationSchema: ObjectSchema<object>;
  toInput: (values: Values) => SupportMessageRequest;
  success: { title: string; message: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('support');
  const toast = useToast();
  const send = useSendSupportMessage();

  const formik = useFormik<Values>({
    initialValues,
    validationSchema,
    onSubmit: async (values, helpers) => {
      try {
        await send(toInput(values));
      } catch (error) {
        for (const field of refusedFields(error))
          if (field in values) helpers.setFieldError(field, 'support:validation.refused');
        toast({ severity: 'error', title: t('toast.errorTitle'), message: t(sendFailureKey(error)) });
        return;
      }
      toast({ severity: 'success', ...success });
      helpers.resetForm();
    },
  });
  // What was typed stays through a change of language.
  useFormDraft(`message-form:${titleId}`, formik);

  return (
    <SectionCard id={id} titleId={titleId} title={title} subtitle={t('form.subtitle')}>
      <FormikProvider value={formik}>
        <form
          noValidate
          onSubmit={(event) => {
            // The seeds' message for a form sent with a required field left empty; every field
            // filled but one refused (too short, not an e-mail), the marked fields are the ones to correct.
            if (Object.values<string>(formik.values).some((value) => value.trim() === ''))
              toast({ severity: 'error', title: t('toast.errorTitle'), message: t('toast.fillAllFields') });
            else
              void formik.validateForm().then((errors) => {
                if (Object.keys(errors).length > 0)
                  toast({ severity: 'error', title: t('toast.errorTitle'), message: t('toast.checkFields') });
              });
            formik.handleSubmit(event);
          }}
        >
          <Stack spacing={2.5}>
            {children}
            <FormTextField
              name="subject"
              label={t('form.subject')}
              required
              slotProps={{ htmlInput: { maxLength: INQUIRY_LIMITS.subject.max } }}
            />
            <FormTextField
              name="message"
              label={t('form.message')}
              required
              multiline
              rows={messageRows}
              slotProps={{ htmlInput: { maxLength: INQUIRY_LIMITS.message.max } }}
            />
            <SubmitButton
              busy={formik.isSubmitting}
              label={submitLabel}
              busyLabel={t('form.submitting')}
              icon={<SendIcon aria-hidden />}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {t('form.mailAlternative')}{' '}
              <Link href={`mailto:${config.supportEmail}`} sx={{ display: 'inline-block' }}>
                {config.supportEmail}
              </Link>
            </Typography>
          </Stack>
        </form>
      </FormikProvider>
    </SectionCard>
  );
}
