import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentProviderOption } from '../api/get-payment-providers';

const PROVIDER_NAMES: Record<PaymentProviderOption['label'], string> = {
  card: 'Stripe',
  paypal: 'PayPal',
  mollie: 'Mollie',
  payssion: 'Payssion',
  sandbox: 'Sandbox',
};

/**
 * "Renew automatically": the payment method is kept and charged 3 days before the expiry, until the
 * customer cancels from the profile. Unticked by default; `unsupported` are the providers offered
 * that cannot keep a method, said while it is ticked.
 */
export function AutoRenewField({
  checked,
  onChange,
  disabled,
  unsupported,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  unsupported: PaymentProviderOption[];
}) {
  const { t, i18n } = useTranslation('checkout');
  const helpId = useId();
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    unsupported.map((provider) => PROVIDER_NAMES[provider.label]),
  );
  return (
    <Box sx={{ mb: 2 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={t('autoRenew.label')}
        sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
      />
      <Typography id={helpId} variant="body2" sx={{ color: 'text.secondary', ml: 4 }}>
        {t('autoRenew.help')}
        {checked && unsupported.length > 0 && ` ${t('autoRenew.unsupported', { names })}`}
      </Typography>
    </Box>
  );
}
