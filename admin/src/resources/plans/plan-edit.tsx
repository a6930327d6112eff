import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  Edit,
  maxValue,
  minValue,
  NumberInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PLAN_FEATURE_COUNT, PLAN_PRICE_MAX_CENTS } from '@shop/contracts';
import type { Plan } from '../../providers/data-provider';
import { categoryName } from './plan-vocabulary';

function PlanTitle() {
  const plan = useRecordContext<Plan>();
  const translate = useTranslate();
  return <>{plan ? translate('shop.plans.editTitle', { name: plan.name }) : ''}</>;
}

/** The lines the operator typed, without blank ones or stray spaces: one feature each. */
const linesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '');

const sixFeatures = (value: unknown) =>
  linesOf(value).length === PLAN_FEATURE_COUNT
    ? undefined
    : { message: 'shop.plans.featuresCount', args: { count: PLAN_FEATURE_COUNT } };

const euros = (cents: unknown) => (typeof cents === 'number' ? cents / 100 : cents);
const cents = (value: unknown) => (value === '' || value === null ? null : Math.round(Number(value) * 100));

/** The body of a change: what the API reads, with the version the form was loaded at. */
const revisionBody = (data: Record<string, unknown>) => {
  const features = data.features as { fr: unknown; en: unknown };
  return {
    monthlyPriceCents: Number(data.monthlyPriceCents),
    features: { fr: linesOf(features.fr), en: linesOf(features.en) },
    popular: data.popular === true,
    onSale: data.onSale === true,
    version: Number(data.version),
  };
};

/** The plan's name, category and logo are the catalogue's; the operator sets price, texts and sale. */
function PlanHeading() {
  const plan = useRecordContext<Plan>();
  const translate = useTranslate();
  if (!plan) return null;
  return (
    <Typography variant="h6" component="h2">
      {plan.name} · {categoryName(translate, plan.category)}
    </Typography>
  );
}

const featureLines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : String(value ?? ''));
const asTyped = (value: string) => value;

/** The plan's six feature lines in one language, one a line. */
function FeaturesInput({ language }: { language: 'fr' | 'en' }) {
  const translate = useTranslate();
  return (
    <TextInput
      source={`features.${language}`}
      label={`resources.plans.fields.features${language === 'fr' ? 'Fr' : 'En'}`}
      multiline
      minRows={PLAN_FEATURE_COUNT}
      format={featureLines}
      parse={asTyped}
      validate={sixFeatures}
      helperText={translate('shop.plans.featuresHelp', { count: PLAN_FEATURE_COUNT })}
    />
  );
}

/**
 * A plan's change, sent with the version the form was loaded at: pessimistic, since the server
 * refuses a form made stale by another change (409 plan.stale) rather than overwrite it.
 */
/** Saving only: nothing of the catalogue is deleted, its history stays (a code is deactivated, a plan taken off sale). */
function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

export function PlanEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={revisionBody} redirect="list" title={<PlanTitle />}>
      <SimpleForm sx={{ maxWidth: '44rem' }} toolbar={<SaveOnlyToolbar />}>
        <PlanHeading />
        <NumberInput
          source="monthlyPriceCents"
          label="resources.plans.fields.monthlyPriceEuros"
          format={euros}
          parse={cents}
          step={0.01}
          min={0.01}
          validate={[required(), minValue(1), maxValue(PLAN_PRICE_MAX_CENTS)]}
          helperText="shop.plans.priceHelp"
        />
        <FeaturesInput language="fr" />
        <FeaturesInput language="en" />
        <BooleanInput source="popular" />
        <BooleanInput source="onSale" helperText="shop.plans.onSaleHelp" />
      </SimpleForm>
    </Edit>
  );
}
