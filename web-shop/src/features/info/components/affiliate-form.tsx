import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/ui/form-select-field';
import { FieldRow } from '../../../components/ui/field-row';
import { FormTextField } from '../../../components/ui/form-text-field';
import {
  affiliateRequestSchema,
  PROMOTION_METHODS,
  TRAFFIC_VOLUMES,
  useCreateAffiliateRequest,
  type PromotionMethod,
  type TrafficVolume,
} from '../api/create-affiliate-request';
import { useRequestForm } from '../hooks/use-request-submit';
import { CheckboxGroupField } from './checkbox-group-field';
import { FormCard } from './form-card';
import { LongTextField } from './long-text-field';

interface Values {
  name: string;
  email: string;
  phone: string;
  website: string;
  trafficVolume: TrafficVolume | '';
  promotionMethods: PromotionMethod[];
  experience: string;
  motivation: string;
}

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  website: '',
  trafficVolume: '',
  promotionMethods: [],
  experience: '',
  motivation: '',
};

export const AFFILIATE_FORM_ID = 'affiliate-form';

export function AffiliateForm() {
  const { t } = useTranslation('info');
  const create = useCreateAffiliateRequest();
  const formik = useRequestForm<Values>(
    EMPTY,
    affiliateRequestSchema,
    (values) => create({ ...values, trafficVolume: values.trafficVolume as TrafficVolume }),
    { title: t('affiliate.success.title'), message: t('affiliate.success.message') },
  );
  const optional = ` (${t('form.optional')})`;

  return (
    <FormCard
      id={AFFILIATE_FORM_ID}
      title={t('affiliate.form.title')}
      subtitle={t('affiliate.form.subtitle')}
      formik={formik}
      submit={{ label: t('affiliate.form.submit'), busyLabel: t('affiliate.form.submitting') }}
    >
      <FieldRow>
        <FormTextField name="name" label={t('affiliate.form.name')} autoComplete="name" required />
        <FormTextField name="email" type="email" label={t('affiliate.form.email')} autoComplete="email" required />
      </FieldRow>
      <FieldRow>
        <FormTextField name="phone" type="tel" label={t('affiliate.form.phone') + optional} autoComplete="tel" />
        <FormTextField
          name="website"
          type="url"
          label={t('affiliate.form.website') + optional}
          helperText={t('affiliate.form.websiteHelp')}
          autoComplete="url"
        />
      </FieldRow>
      <FormSelectField
        name="trafficVolume"
        label={t('affiliate.form.trafficVolume')}
        placeholder={t('affiliate.form.chooseTraffic')}
        options={TRAFFIC_VOLUMES.map((volume) => ({
          value: volume,
          label: t(`affiliate.form.traffic.${volume}`),
        }))}
      />
      <CheckboxGroupField
        name="promotionMethods"
        legend={t('affiliate.form.promotionMethods')}
        required
        options={PROMOTION_METHODS.map((method) => ({
          value: method,
          label: t(`affiliate.form.methods.${method}`),
        }))}
      />
      <LongTextField
        name="experience"
        label={t('affiliate.form.experience')}
        helperText={t('affiliate.form.experienceHelp')}
        minRows={3}
      />
      <LongTextField
        name="motivation"
        label={t('affiliate.form.motivation')}
        helperText={t('affiliate.form.motivationHelp')}
        minRows={3}
      />
    </FormCard>
  );
}
