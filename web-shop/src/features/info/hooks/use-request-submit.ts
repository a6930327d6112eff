import { useFormik, type FormikConfig, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { refusedFields } from '../../../lib/refused-fields';
import { submitFailureKey } from '../lib/submit-failure';

/**
 * The submit handler shared by the request forms: sends, then on success a toast and an empty form;
 * on failure a toast, and the fields the server refused marked as such.
 */
function useRequestSubmit<Values extends object>(
  send: (values: Values) => Promise<unknown>,
  success: { title: string; message?: string },
): (values: Values, helpers: FormikHelpers<Values>) => Promise<void> {
  const { t } = useTranslation('info');
  const toast = useToast();
  return async (values, helpers) => {
    try {
      await send(values);
    } catch (error) {
      const refused = refusedFields(error).filter((field) => field in values);
      for (const field of refused) helpers.setFieldError(field, 'info:validation.refused');
      toast({
        severity: 'error',
        title: t('toast.errorTitle'),
        message: t(refused.length > 0 ? 'toast.fixFields' : submitFailureKey(error)),
      });
      return;
    }
    toast({ severity: 'success', title: success.title, message: success.message ?? '' });
    helpers.resetForm();
  };
}

/** A request form's state: `initialValues` checked by `validationSchema`, sent as `useRequestSubmit` sends. */
export function useRequestForm<Values extends object>(
  initialValues: Values,
  validationSchema: FormikConfig<Values>['validationSchema'],
  send: (values: Values) => Promise<unknown>,
  success: { title: string; message?: string },
) {
  const onSubmit = useRequestSubmit<Values>(send, success);
  return useFormik<Values>({ initialValues, validationSchema, onSubmit });
}
