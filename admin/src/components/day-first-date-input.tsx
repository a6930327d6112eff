import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type Validator } from 'react-admin';
import { instantText, parseInstantText } from '../lib/instant-text';

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
/** What the form holds once the text is read: `2026-11-26` (a day) or an ISO instant; anything else is the text as typed. */
const READ = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** The form's value as the operator reads it: `26/11/2026`, or `26/11/2026 13:05:00` with the time. */
function shown(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' || value === '') return '';
  if (!READ.test(value)) return value;
  if (!withTime) return value.slice(0, 10).split('-').reverse().join('/');
  return instantText(new Date(value));
}

type DayFirstDateInputProps = Omit<InputProps, 'format' | 'parse'> & {
  /** A date and time (react-admin's DateTimeInput) rather than a day (its DateInput). */
  withTime?: boolean;
  helperText?: string | false;
  /** A list filter's: always shown. */
  alwaysOn?: boolean;
};

/**
 * react-admin's DateInput (a day, `2026-11-26`) or DateTimeInput (`withTime`, an ISO instant),
 * typed day first in both languages of the back-office (`26/11/2026 13:05:00`). A browser's own
 * date widget follows the browser's language, not the back-office's: it showed 11/26/2026 to an
 * operator reading French. Text that cannot be read is said so on the field, in the operator's
 * language, and keeps the form (or the list's filters) from being sent.
 */
export function DayFirstDateInput({
  withTime = false,
  label,
  helperText,
  alwaysOn: _alwaysOn,
  validate,
  ...props
}: DayFirstDateInputProps) {
  const readable: Validator = (value) =>
    typeof value === 'string' && value !== '' && !READ.test(value)
      ? withTime
        ? 'shop.instant.invalid'
        : 'shop.instant.invalidDay'
      : undefined;
  const validators = [...(Array.isArray(validate) ? validate : validate ? [validate] : []), readable];
  const { field, fieldState, isRequired, id } = useInput({ ...props, validate: validators });
  const translate = useTranslate();
  const [text, setText] = useState(() => shown(field.value, withTime));

  // A value set from outside (a reset, the list's filters cleared) is shown as the operator writes it.
  const emitted = useRef<unknown>(field.value);
  useEffect(() => {
    if (field.value === emitted.current) return;
    emitted.current = field.value;
    setText(shown(field.value, withTime));
  }, [field.value, withTime]);

  const change = (typed: string) => {
    setText(typed);
    const at = parseInstantText(typed);
    const value = typed.trim() === '' ? null : at ? (withTime ? at.toISOString() : isoDay(at)) : typed;
    emitted.current = value;
    field.onChange(value);
  };

  const invalid = !!fieldState.error && (fieldState.isTouched || fieldState.isDirty);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={field.onBlur}
      label={<FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      error={invalid}
      helperText={
        <InputHelperText
          error={invalid ? fieldState.error?.message : undefined}
          helperText={helperText === false ? undefined : helperText}
        />
      }
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          inputMode: 'numeric',
          spellCheck: false,
          placeholder: translate(withTime ? 'shop.instant.format' : 'shop.instant.dayFormat'),
        },
      }}
    />
  );
}
