import { useTranslation } from 'react-i18next';
import { LightbulbIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/ui/form-text-field';
import { serviceSuggestionSchema, useCreateServiceSuggestion } from '../api/create-service-suggestion';
import { useRequestForm } from '../hooks/use-request-submit';
import { FormCard } from './form-card';
import { LongTextField } from './long-text-field';

const EMPTY = { suggestion: '', email: '' };

export function SuggestionForm() {
  const { t } = useTranslation('info');
  const create = useCreateServiceSuggestion();
  const formik = useRequestForm(EMPTY, serviceSuggestionSchema, create, {
    title: t('suggest.success'),
    message: t('suggest.successMessage'),
  });

  return (
    <FormCard
      id="suggestion-form"
      title={t('suggest.formTitle')}
      formik={formik}
      submit={{ label: t('suggest.submit'), busyLabel: t('suggest.submitting'), icon: <LightbulbIcon aria-hidden /> }}
    >
      <LongTextField
        name="suggestion"
        label={t('suggest.suggestion')}
        helperText={t('suggest.suggestionHelp')}
        minRows={5}
      />
      <FormTextField
        name="email"
        type="email"
        label={t('suggest.email')}
        helperText={t('suggest.emailHelp')}
        autoComplete="email"
      />
    </FormCard>
  );
}
