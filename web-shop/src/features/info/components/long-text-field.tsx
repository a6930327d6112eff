import { INQUIRY_LIMITS } from '@shop/contracts';
import { FormTextField } from '../../../components/ui/form-text-field';

/** A required free text of a request form, which takes no more than the API accepts for its field. */
export function LongTextField({
  name,
  label,
  helperText,
  minRows,
}: {
  name: 'experience' | 'motivation' | 'description' | 'suggestion';
  label: string;
  helperText?: string;
  minRows: number;
}) {
  return (
    <FormTextField
      name={name}
      label={label}
      helperText={helperText}
      required
      multiline
      minRows={minRows}
      slotProps={{ htmlInput: { maxLength: INQUIRY_LIMITS[name].max } }}
    />
  );
}
