import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { DURATIONS, POPULAR_DURATION, type Months } from '../types';

interface DurationPickerProps {
  value: Months;
  onChange: (months: Months) => void;
  monthlyPriceCents: number;
  currency: string;
  disabled?: boolean;
}

/** 1, 3 or 12 months as radio cards, each with its price; 3 months carries the popular badge. */
export function DurationPicker({ value, onChange, monthlyPriceCents, currency, disabled }: DurationPickerProps) {
  const { t, i18n } = useTranslation('checkout');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} disabled={disabled}>
      <Typography component="legend" variant="h3" sx={{ mb: 1.5 }}>
        {t('duration.legend')}
      </Typography>
      <RadioGroup
        name="months"
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value) as Months)}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        {DURATIONS.map((months) => {
          const selected = months === value;
          return (
            <FormControlLabel
              key={months}
              value={String(months)}
              disabled={disabled}
              control={<Radio />}
              sx={{
                m: 0,
                p: 1.5,
                pr: 2,
                border: 2,
                borderRadius: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'rgba(76,29,149,0.06)' : 'background.paper',
                alignItems: 'flex-start',
                position: 'relative',
              }}
              label={
                <Box sx={{ pt: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>{t('duration.months', { count: months })}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatPrice(monthlyPriceCents * months, currency, i18n.language)}
                  </Typography>
                  {months === POPULAR_DURATION && (
                    <Chip
                      label={t('duration.popular')}
                      color="secondary"
                      size="small"
                      sx={{ position: 'absolute', top: -12, right: 8, fontWeight: 800 }}
                    />
                  )}
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
    </Box>
  );
}
