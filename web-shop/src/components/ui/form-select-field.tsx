import { FormTextField } from './form-text-field';

/** A required native select bound to Formik, opening on a disabled `placeholder` until a choice is made. */
export function FormSelectField({
  name,
  label,
  placeholder,
  options,
}: {
  name: string;
  label: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <FormTextField
      name={name}
      select
      label={label}
      required
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormTextField>
  );
}
