import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoState, ValidPromo } from '../hooks/use-promo-code';

interface PromoCodeFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  promo: PromoState;
  /** The check that applies to the duration shown, if any. */
  applied: ValidPromo | null;
  onApply: () => void;
  disabled: boolean;
}

/** The promo code, its Apply button and what the server said about it (read out as it changes). */
export function PromoCodeField({ value, onChange, promo, applied, onApply, disabled }: PromoCodeFieldProps) {
  const { t } = useTranslation('checkout');
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id="promo-code"
          name="promoCode"
          label={t('promo.label')}
          value={value}
          onChange={onChange}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
          disabled={disabled}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 32, 'aria-describedby': 'promo-code-status' } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          size="large"
          onClick={onApply}
          disabled={disabled || promo.status === 'checking' || !value.trim()}
          sx={{ minHeight: 56 }}
        >
          {promo.status === 'checking' ? t('promo.checking') : t('promo.apply')}
        </Button>
      </Stack>
      <Box id="promo-code-status" aria-live="polite" sx={{ mt: 1.5 }}>
        {applied && <Alert severity="success">{t('promo.valid', { percent: applied.percentOff })}</Alert>}
        {promo.status === 'invalid' && <Alert severity="warning">{t(promo.message)}</Alert>}
      </Box>
    </Box>
  );
}
