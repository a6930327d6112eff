import { useTranslation } from 'react-i18next';
import { FieldRow } from '../../../components/ui/field-row';
import { FormTextField } from '../../../components/ui/form-text-field';
import { contactMessageSchema } from '../api/send-support-message';
import { MessageForm } from './message-form';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/**
 * The contact page's form. The seeds opened the visitor's mail client; the message is stored with
 * the support messages instead (category `other`), and the address stays available as a link.
 */
export function ContactMessageForm() {
  const { t } = useTranslation('support');
  return (
    <MessageForm
      titleId="contact-form-title"
      title={t('contact.formTitle')}
      submitLabel={t('contact.submit')}
      messageRows={6}
      initialValues={EMPTY}
      validationSchema={contactMessageSchema}
      toInput={(values) => ({ ...values, category: 'other' })}
      success={{ title: t('contact.success'), message: t('contact.successMessage') }}
    >
      <FieldRow>
        <FormTextField name="name" label={t('form.name')} autoComplete="name" required />
        <FormTextField name="email" type="email" label={t('form.email')} autoComplete="email" required />
      </FieldRow>
    </MessageForm>
  );
}
