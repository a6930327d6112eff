import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEarlyTyping } from '../../lib/early-input';

/** Yup messages name their namespace (`auth:validation.emailRequired`), which i18next resolves at run time. */
type TranslationKey = ParseKeys<'common'>;

/**
 * A labelled MUI field bound to Formik. Yup messages are namespaced translation keys
 * (`auth:validation.emailRequired`), translated when shown so a language switch re-labels them.
 * What was typed into it before the page's script took it over is kept.
 */
export function FormTextField({ name, ...props }: { name: string } & Omit<TextFieldProps, 'name' | 'error'>) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const inputRef = useEarlyTyping<HTMLInputElement>(field.value);
  const error = meta.touched && meta.error ? t(meta.error as TranslationKey) : undefined;
  return (
    <TextField
      {...field}
      {...props}
      inputRef={inputRef}
      id={props.id ?? `field-${name}`}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? props.helperText}
    />
  );
}
