import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useFormikContext } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/ui/form-text-field';
import { countryOptions, type BillingValues } from '../lib/billing';

/**
 * Who pays, for the invoice and its VAT: the country of residence (every country, named in the
 * page's language), and behind "Buying for a business?" the company's name and VAT number.
 * Inside a Formik form whose values include `BillingValues`.
 */
export function BillingFields({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation('checkout');
  const businessId = useId();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const { values, setFieldValue } = useFormikContext<BillingValues>();

  return (
    <Box>
      <FormTextField
        select
        id="billing-country"
        name="billingCountry"
        label={t('billing.country')}
        helperText={t('billing.countryHelp')}
        required
        disabled={disabled}
        autoComplete="country"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" disabled>
          {t('billing.chooseCountry')}
        </option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </FormTextField>
      <Button
        variant="text"
        size="small"
        aria-expanded={values.business}
        aria-controls={businessId}
        onClick={() => void setFieldValue('business', !values.business)}
        disabled={disabled}
        sx={{ mt: 1, px: 0.5, textTransform: 'none' }}
      >
        {t('billing.business')}
      </Button>
      <Collapse in={values.business}>
        <Stack id={businessId} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1.5 }}>
          <FormTextField
            id="billing-company-name"
            name="companyName"
            label={t('billing.companyName')}
            disabled={disabled}
            autoComplete="organization"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <FormTextField
            id="billing-vat-number"
            name="vatNumber"
            label={t('billing.vatNumber')}
            helperText={t('billing.vatNumberHelp')}
            disabled={disabled}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </Stack>
      </Collapse>
    </Box>
  );
}
