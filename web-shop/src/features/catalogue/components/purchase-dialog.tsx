import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TotalLine } from '../../../components/ui/total-line';
import { formatPrice } from '../../../lib/format-price';
import {
  checkoutPath,
  POPULAR_MONTHS,
  PURCHASE_DURATIONS,
  purchaseTotalCents,
  type PurchaseMonths,
} from '../lib/purchase';
import type { Plan } from '../../../types/api';

interface PurchaseDialogProps {
  plan: Plan;
  open: boolean;
  onClose: () => void;
}

/** Seeds: the card's purchase action. A summary, the duration and its total, then the checkout. */
export default function PurchaseDialog({ plan, open, onClose }: PurchaseDialogProps) {
  const { t, i18n } = useTranslation('catalogue');
  const navigate = useNavigate();
  const [months, setMonths] = useState<PurchaseMonths>(1);
  const titleId = useId();
  const legendId = useId();
  const price = (cents: number) => formatPrice(cents, plan.currency, i18n.language);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        {t('purchase.title', { name: plan.name })}
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Box component="img" src={plan.logo} alt="" width={56} height={56} sx={{ borderRadius: 2 }} />
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{plan.name}</Typography>
            <Typography>
              <Box component="span" sx={{ fontWeight: 800, color: 'primary.main', fontSize: '1.25rem' }}>
                {price(plan.monthlyPriceCents)}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('card.perMonthShort')}
              </Box>
            </Typography>
          </Box>
        </Stack>
        <Typography id={legendId} component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('purchase.durationLegend')}
        </Typography>
        <RadioGroup
          aria-labelledby={legendId}
          name="months"
          value={String(months)}
          onChange={(event) => setMonths(Number(event.target.value) as PurchaseMonths)}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
        >
          {PURCHASE_DURATIONS.map((option) => {
            const selected = option === months;
            return (
              <FormControlLabel
                key={option}
                value={String(option)}
                control={<Radio />}
                label={
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{t('purchase.months', { count: option })}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {price(purchaseTotalCents(plan.monthlyPriceCents, option))}
                    </Typography>
                    {option === POPULAR_MONTHS && (
                      <Chip
                        label={t('card.popular')}
                        color="secondary"
                        size="small"
                        sx={{ mt: 0.5, fontWeight: 800 }}
                      />
                    )}
                  </Box>
                }
                sx={{
                  m: 0,
                  p: 1.5,
                  pl: 0.5,
                  alignItems: 'flex-start',
                  border: 2,
                  borderRadius: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'rgba(76,29,149,0.06)' : 'transparent',
                }}
              />
            );
          })}
        </RadioGroup>
        <TotalLine
          label={t('purchase.total', { count: months })}
          amount={price(purchaseTotalCents(plan.monthlyPriceCents, months))}
          testId="purchase-total"
          sx={{ mt: 3 }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('purchase.note')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose}>{t('purchase.cancel')}</Button>
        <Button variant="contained" onClick={() => navigate(checkoutPath(plan.id, months))}>
          {t('purchase.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
