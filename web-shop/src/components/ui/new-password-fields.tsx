import { FormTextField } from './form-text-field';

/** A new password and its confirmation (`confirmPassword`), both required, for a Formik form. */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  autoFocus,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormTextField
        name={name}
        type="password"
        label={label}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
      />
      <FormTextField name="confirmPassword" type="password" label={confirmLabel} autoComplete="new-password" required />
    </>
  );
}
