import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { INQUIRY_LIMITS } from '@shop/contracts';
import { FormSelectField } from '../../../components/ui/form-select-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import {
  PARTNERSHIP_TYPES,
  partnershipRequestSchema,
  useCreatePartnershipRequest,
  type PartnershipType,
} from '../api/create-partnership-request';
import { useRequestForm } from '../hooks/use-request-submit';
import { FormCard } from './form-card';
import { SubmitButton } from '../../../components/ui/submit-button';
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
  const busy = formik.isSubmitting;
  const optional = ` (${t('form.optional')})`;

  return (
    <FormCard
      id="partnership-form"
      title={t('partner.form.title')}
      subtitle={t('partner.form.subtitle')}
      formik={formik}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <FormTextField name="companyName" label={t('partner.form.companyName')} autoComplete="organization" required />
        <FormTextField name="contactName" label={t('partner.form.contactName')} autoComplete="name" required />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <FormTextField name="email" type="email" label={t('partner.form.email')} autoComplete="email" required />
        <FormTextField name="phone" type="tel" label={t('partner.form.phone') + optional} autoComplete="tel" />
      </Stack>
      <FormTextField
        name="website"
        type="url"
        label={t('partner.form.website') + optional}
        helperText={t('partner.form.websiteHelp')}
        autoComplete="url"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
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
      </Stack>
      <LongTextField name="description" label={t('partner.form.description')} minRows={4} />
      <SubmitButton busy={busy} label={t('partner.form.submit')} busyLabel={t('partner.form.submitting')} />
    </FormCard>
  );
}
