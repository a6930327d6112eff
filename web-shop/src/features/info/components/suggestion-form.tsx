import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormikProvider, useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { INQUIRY_LIMITS } from '@shop/contracts';
import { LightbulbIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/ui/form-text-field';
import { serviceSuggestionSchema, useCreateServiceSuggestion } from '../api/create-service-suggestion';
import { useRequestSubmit } from '../hooks/use-request-submit';
import { FormCard } from './form-card';

const EMPTY = { suggestion: '', email: '' };

export function SuggestionForm() {
  const { t } = useTranslation('info');
  const create = useCreateServiceSuggestion();
  const onSubmit = useRequestSubmit<typeof EMPTY>(create, {
    title: t('suggest.success'),
    message: t('suggest.successMessage'),
  });
  const formik = useFormik({ initialValues: EMPTY, validationSchema: serviceSuggestionSchema, onSubmit });
  const busy = formik.isSubmitting;

  return (
    <FormCard id="suggestion-form" title={t('suggest.formTitle')}>
      <FormikProvider value={formik}>
        <form noValidate onSubmit={formik.handleSubmit}>
          <Stack spacing={2.5}>
            <FormTextField
              name="suggestion"
              label={t('suggest.suggestion')}
              helperText={t('suggest.suggestionHelp')}
              required
              multiline
              minRows={5}
              slotProps={{ htmlInput: { maxLength: INQUIRY_LIMITS.suggestion.max } }}
            />
            <FormTextField
              name="email"
              type="email"
              label={t('suggest.email')}
              helperText={t('suggest.emailHelp')}
              autoComplete="email"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              startIcon={<LightbulbIcon aria-hidden />}
            >
              {busy ? t('suggest.submitting') : t('suggest.submit')}
            </Button>
          </Stack>
        </form>
      </FormikProvider>
    </FormCard>
  );
}
