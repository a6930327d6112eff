import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/ui/form-select-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SUPPORT_CATEGORIES, supportMessageSchema, type SupportCategory } from '../api/send-support-message';
import { CONTACT_FORM_ID } from '../lib/focus-contact-form';
import { MessageForm } from './message-form';

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
  return (
    <MessageForm
      id={CONTACT_FORM_ID}
      titleId="support-form-title"
      title={t('form.title')}
      submitLabel={t('form.submit')}
      messageRows={4}
      initialValues={EMPTY}
      validationSchema={supportMessageSchema}
      toInput={(values) => ({ ...values, category: values.category as SupportCategory })}
      success={{ title: t('toast.messageSent'), message: t('toast.messageSuccess') }}
    >
      <FormTextField name="email" type="email" label={t('form.email')} autoComplete="email" required />
      <FormSelectField
        name="category"
        label={t('form.category')}
        placeholder={t('form.chooseCategory')}
        options={SUPPORT_CATEGORIES.map((category) => ({ value: category, label: t(`form.categories.${category}`) }))}
      />
    </MessageForm>
  );
}
