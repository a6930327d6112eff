import { useTranslation } from 'react-i18next';
import { INQUIRY_LIMITS } from '@shop/contracts';
import { FormSelectField } from '../../../components/ui/form-select-field';
import { FieldRow } from '../../../components/ui/field-row';
import { FormTextField } from '../../../components/ui/form-text-field';
import {
  PARTNERSHIP_TYPES,
  partnershipRequestSchema,
  useCreatePartnershipRequest,
  type PartnershipType,
} from '../api/create-partnership-request';
import { useRequestForm } from '../hooks/use-request-submit';
import { FormCard } from './form-card';
import { LongTextField } from './long-text-field';

interface Values {
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  partnershipType: PartnershipType | '';
  expectedVolume: string;
  description: string;
}

const EMPTY: Values = {
  companyName: '',
  contactName: '',
  email: '',
  phone: '',
  website: '',
  partnershipType: '',
  expectedVolume: '',
  description: '',
};

export function PartnershipForm() {
  const { t } = useTranslation('info');
  const create = useCreatePartnershipRequest();
  const formik = useRequestForm<Values>(
    EMPTY,
    partnershipRequestSchema,
    (values) => create({ ...values, partnershipType: values.partnershipType as PartnershipType }),
    { title: t('partner.success.title'), message: t('partner.success.message') },
  );
  const optional = ` (${t('form.optional')})`;

  return (
    <FormCard
      id="partnership-form"
      title={t('partner.form.title')}
      subtitle={t('partner.form.subtitle')}
      formik={formik}
      submit={{ label: t('partner.form.submit'), busyLabel: t('partner.form.submitting') }}
    >
      <FieldRow>
        <FormTextField name="companyName" label={t('partner.form.companyName')} autoComplete="organization" required />
        <FormTextField name="contactName" label={t('partner.form.contactName')} autoComplete="name" required />
      </FieldRow>
      <FieldRow>
        <FormTextField name="email" type="email" label={t('partner.form.email')} autoComplete="email" required />
        <FormTextField name="phone" type="tel" label={t('partner.form.phone') + optional} autoComplete="tel" />
      </FieldRow>
      <FormTextField
        name="website"
        type="url"
        label={t('partner.form.website') + optional}
        helperText={t('partner.form.websiteHelp')}
        autoComplete="url"
      />
      <FieldRow>
        <FormSelectField
          name="partnershipType"
          label={t('partner.form.partnershipType')}
          placeholder={t('partner.form.chooseType')}
          options={PARTNERSHIP_TYPES.map((type) => ({ value: type, label: t(`partner.form.types.${type}`) }))}
        />
        <FormTextField
          name="expectedVolume"
          label={t('partner.form.expectedVolume') + optional}
          helperText={t('partner.form.expectedVolumeHelp')}
          slotProps={{ htmlInput: { maxLength: INQUIRY_LIMITS.expectedVolume.max } }}
        />
      </FieldRow>
      <LongTextField name="description" label={t('partner.form.description')} minRows={4} />
    </FormCard>
  );
}
