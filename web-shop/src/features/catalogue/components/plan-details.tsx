import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { GroupIcon, ShieldIcon, SupportIcon } from '../../../components/icons';
import { formatPrice } from '../../../lib/format-price';
import type { Plan } from '../../../types/api';
import { checkoutPath, PURCHASE_DURATIONS, purchaseTotalCents } from '../lib/purchase';
import { FeatureList, PlanLogo } from './plan-card';
import { TwoColumns } from '../../../components/ui/two-columns';

const STATS = ['satisfaction', 'users', 'experience', 'support'] as const;
const USAGE_RULES = ['profile', 'account', 'credentials', 'devices'] as const;

/** How many share the account (the plan's own count) and what each of them agrees to. */
function PlanSharing({ sharedUsers }: { sharedUsers: number | null }) {
  const { t } = useTranslation('catalogue');
  return (
    <Paper component="section" aria-labelledby="plan-sharing-title" variant="outlined" sx={{ p: 3 }}>
      <Typography id="plan-sharing-title" component="h2" variant="h3" sx={{ mb: 2 }}>
        {t('detail.sharing.title')}
      </Typography>
      {sharedUsers !== null && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2.5 }}>
          <GroupIcon sx={{ color: 'primary.main', fontSize: 32 }} aria-hidden />
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{t('detail.sharing.users', { count: sharedUsers })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('detail.sharing.usersNote')}
            </Typography>
          </Box>
        </Stack>
      )}
      <Typography id="plan-usage-rules-title" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('detail.sharing.rulesTitle')}
      </Typography>
      <FeatureList
        features={USAGE_RULES.map((rule) => t(`detail.sharing.rules.${rule}`))}
        labelledBy="plan-usage-rules-title"
        gutterBottom={false}
      />
      <Link component={RouterLink} to="/terms" variant="body2" sx={{ display: 'inline-block', mt: 2, fontWeight: 600 }}>
        {t('detail.sharing.terms')}
      </Link>
    </Paper>
  );
}

export function PlanDetails({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('catalogue');
  return (
    <TwoColumns widths={[1.4, 1]} gap={4}>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <PlanLogo plan={plan} size={80} sx={{ borderRadius: 3 }} />
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h1" variant="h2">
              {plan.name}
            </Typography>
            {plan.popular && <Chip label={t('card.popular')} color="secondary" size="small" sx={{ fontWeight: 800 }} />}
          </Stack>
        </Stack>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
            {t('detail.featuresTitle')}
          </Typography>
          <FeatureList features={plan.features} />
        </Paper>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
        >
          {STATS.map((stat) => (
            <Paper
              key={stat}
              variant="outlined"
              sx={{ p: 2, textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`detail.stats.${stat}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 800, color: 'primary.main' }}>
                {t(`detail.statValues.${stat}`)}
              </Typography>
            </Paper>
          ))}
        </Box>
        <PlanSharing sharedUsers={plan.sharedUsers} />
      </Stack>
      <Paper
        variant="outlined"
        sx={{ p: 3, position: { md: 'sticky' }, top: { md: 96 }, borderColor: 'primary.main', borderWidth: 2 }}
      >
        <Typography sx={{ fontSize: '2.5rem', fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}>
          {formatPrice(plan.monthlyPriceCents, plan.currency, i18n.language)}
          <Box component="span" sx={{ fontSize: '1rem', fontWeight: 500, color: 'text.secondary', ml: 1 }}>
            {t('card.perMonthShort')}
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {t('detail.taxesIncluded')}
        </Typography>
        <Typography id="plan-durations-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('purchase.durationLegend')}
        </Typography>
        {/* Each duration and its total, links to the checkout with it chosen. */}
        <Box component="ul" aria-labelledby="plan-durations-title" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
          {PURCHASE_DURATIONS.map((months) => (
            <Box
              component="li"
              key={months}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 2,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Link component={RouterLink} to={checkoutPath(plan.id, months)} sx={{ fontWeight: 600 }}>
                {t('purchase.months', { count: months })}
              </Link>
              <span>
                {formatPrice(purchaseTotalCents(plan.monthlyPriceCents, months), plan.currency, i18n.language)}
              </span>
            </Box>
          ))}
        </Box>
        <Stack spacing={1.5}>
          <Button
            component={RouterLink}
            to={`/checkout/${encodeURIComponent(plan.id)}`}
            variant="contained"
            size="large"
          >
            {t('detail.buyNow')}
          </Button>
          <Button component={RouterLink} to="/support" variant="outlined" startIcon={<SupportIcon aria-hidden />}>
            {t('detail.contactSupport')}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ mt: 3 }}>
          {t('detail.delivery')}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, p: 2, bgcolor: 'rgba(22,101,52,0.08)', borderRadius: 2 }}>
          <ShieldIcon sx={{ color: 'success.main' }} aria-hidden />
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{t('detail.guaranteeTitle')}</Typography>
            <Typography variant="body2">{t('detail.guarantee')}</Typography>
          </Box>
        </Stack>
      </Paper>
    </TwoColumns>
  );
}
