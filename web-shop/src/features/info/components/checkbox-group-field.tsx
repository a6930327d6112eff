import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useField } from 'formik';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEarlyChoices } from '../../../lib/early-input';

/** A required multiple choice bound to a Formik array field, as a fieldset of checkboxes. */
export function CheckboxGroupField<Value extends string>({
  name,
  legend,
  options,
  required,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<Value[]>(name);
  const error = meta.touched && typeof meta.error === 'string' ? t(meta.error as ParseKeys<'common'>) : undefined;
  const helperId = `field-${name}-helper`;

  // Kept in the order of the options, whatever the order of the clicks.
  const choose = (chosen: readonly string[]) =>
    void helpers.setValue(options.map((option) => option.value).filter((option) => chosen.includes(option)));
  const groupRef = useEarlyChoices<HTMLDivElement>(field.value, choose);

  const toggle = (value: Value, checked: boolean) => {
    choose(checked ? [...field.value, value] : field.value.filter((item) => item !== value));
    void helpers.setTouched(true, false);
  };

  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      required={required}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {legend}
      </FormLabel>
      <FormGroup
        ref={groupRef}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={name}
                value={option.value}
                checked={field.value.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={() => void helpers.setTouched(true)}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
