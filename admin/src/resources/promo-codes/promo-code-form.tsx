import {
  BooleanInput,
  maxLength,
  maxValue,
  minLength,
  minValue,
  NumberInput,
  regex,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { PROMO_CODE_LIMITS } from '@shop/contracts';
import { DayFirstDateInput } from '../../components/day-first-date-input';

const codeValidators = [
  required(),
  minLength(PROMO_CODE_LIMITS.codeMin),
  maxLength(PROMO_CODE_LIMITS.codeMax),
  regex(/^[A-Za-z0-9-]+$/, 'shop.promoCodes.codeHelp'),
];
const percentValidators = [required(), minValue(PROMO_CODE_LIMITS.percentMin), maxValue(PROMO_CODE_LIMITS.percentMax)];

/** The window is checked as the server checks it, so the operator reads why on the field. */
function windowInOrder(validUntil: unknown, values: { validFrom?: unknown }) {
  if (!validUntil || !values.validFrom) return undefined;
  return new Date(String(values.validFrom)) < new Date(String(validUntil)) ? undefined : 'shop.promoCodes.windowOrder';
}

/** A code's terms; the code itself is typed once, at creation (it names the code's history). */
/** Saving only: nothing of the catalogue is deleted, its history stays (a code is deactivated, a plan taken off sale). */
function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

export function PromoCodeForm({ creating = false }: { creating?: boolean }) {
  return (
    <SimpleForm sx={{ maxWidth: '40rem' }} toolbar={<SaveOnlyToolbar />}>
      <TextInput
        source="code"
        validate={creating ? codeValidators : undefined}
        disabled={!creating}
        helperText={creating ? 'shop.promoCodes.codeHelp' : false}
        parse={(value: string) => value.toUpperCase()}
      />
      <NumberInput source="percentOff" min={1} max={100} step={1} validate={percentValidators} />
      <DayFirstDateInput withTime source="validFrom" helperText="shop.promoCodes.validFromHelp" />
      <DayFirstDateInput
        withTime
        source="validUntil"
        helperText="shop.promoCodes.validUntilHelp"
        validate={windowInOrder}
      />
      <NumberInput
        source="usageLimit"
        min={1}
        step={1}
        validate={minValue(1)}
        helperText="shop.promoCodes.usageLimitHelp"
      />
      <BooleanInput source="active" defaultValue helperText="shop.promoCodes.activeHelp" />
    </SimpleForm>
  );
}

const isoOrNull = (value: unknown) => {
  if (value === null || value === undefined || value === '') return null;
  return new Date(value as string | Date).toISOString();
};
const limitOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The body of a creation: the fields the API reads, nothing of the read model. */
export const creationBody = (data: Record<string, unknown>) => ({
  code: String(data.code ?? '').trim(),
  percentOff: Number(data.percentOff),
  validFrom: isoOrNull(data.validFrom),
  validUntil: isoOrNull(data.validUntil),
  usageLimit: limitOrNull(data.usageLimit),
  active: data.active !== false,
});

/** The body of a change: the whole terms and the version the form was loaded at (a stale form is refused). */
export const revisionBody = (data: Record<string, unknown>) => {
  const { code: _code, ...terms } = creationBody(data);
  return { ...terms, version: Number(data.version) };
};
