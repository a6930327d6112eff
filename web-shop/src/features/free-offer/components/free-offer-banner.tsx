import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { useFreeOffer } from '../api/get-free-offer';
import { useClaimFreeOffer } from '../hooks/use-claim-free-offer';
import { HighlightBadge } from '../../../components/ui/highlight-badge';

const REFUSALS = {
  'free_offer.already_claimed': 'refusals.alreadyClaimed',
  'free_offer.sold_out': 'refusals.soldOut',
  'free_offer.closed': 'refusals.closed',
} as const;

/** Why the claim was refused, in the customer's words; the problem's code decides. */
function useRefusalMessage(error: Error | null): string | null {
  const { t } = useTranslation('free-offer');
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : '';
  return t(Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof typeof REFUSALS] : 'refusals.unexpected');
}

/**
 * The free offer while it runs with places left (the seeds' 'GRATUIT', 'Accès illimité pendant
 * 12 mois', 'Obtenir GRATUITEMENT'). With `planId`, shown only when the offer is for that plan.
 */
export function FreeOfferBanner({ planId }: { planId?: string }) {
  const { t } = useTranslation('free-offer');
  const { session } = useSession();
  const offer = useFreeOffer(useLanguage(), session.status === 'signedIn' ? session.user.id : null);
  const { claim, pending, error } = useClaimFreeOffer();
  const refusal = useRefusalMessage(error);
  const current = offer.data ?? null;
  const shown = current !== null && (planId === undefined || current.planId === planId);

  if (!shown)
    return refusal ? (
      <Alert severity="warning" sx={{ my: 2 }}>
        {refusal}
      </Alert>
    ) : null;
  return (
    <Paper
      component="section"
      aria-labelledby="free-offer-title"
      elevation={0}
      sx={{
        my: 3,
        p: { xs: 3, md: 4 },
        borderRadius: 3,
        color: '#fff',
        background: 'linear-gradient(135deg, #059669 0%, #0d9488 60%, #0f766e 100%)',
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
        <Stack spacing={1.5} sx={{ flex: 1 }}>
          <HighlightBadge look={{ letterSpacing: 1 }}>{t('badge')}</HighlightBadge>
          <Typography
            id="free-offer-title"
            component="h2"
            sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, fontWeight: 800 }}
          >
            {t('access', { count: current.months })}
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.92)' }}>
            {t('plan', { plan: current.planName })} · {t('placesLeft', { count: current.placesLeft })}
          </Typography>
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', md: 'flex-end' } }}>
          {current.claimedByYou ? (
            <Button
              component={RouterLink}
              to="/profile"
              variant="contained"
              size="large"
              sx={{ bgcolor: '#fff', color: '#047857', fontWeight: 800, '&:hover': { bgcolor: '#ecfdf5' } }}
            >
              {t('claimed')}
            </Button>
          ) : (
            <Button
              variant="contained"
              size="large"
              onClick={claim}
              disabled={pending}
              startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
              sx={{ bgcolor: '#fff', color: '#047857', fontWeight: 800, '&:hover': { bgcolor: '#ecfdf5' } }}
            >
              {pending ? t('claiming') : t('claim')}
            </Button>
          )}
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.85)' }}>
            {current.claimedByYou ? t('claimedHint') : t('noPayment')}
          </Typography>
        </Stack>
      </Stack>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
    </Paper>
  );
}
