import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '../lib/auth-schemas';

/** A labelled MUI field bound to Formik; the error shown is the translated yup message key. */
export function FormTextField({ name, ...props }: { name: string } & Omit<TextFieldProps, 'name' | 'error'>) {
  const { t } = useTranslation('auth');
  const [field, meta] = useField<string>(name);
  const error = meta.touched && meta.error ? t(meta.error as ValidationKey) : undefined;
  return (
    <TextField
      {...field}
      {...props}
      id={props.id ?? `field-${name}`}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? props.helperText}
    />
  );
}
