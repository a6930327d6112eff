import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EuroIcon, GroupIcon, SupportIcon, TrendingUpIcon } from '../../components/icons';
import { IconCard } from '../../components/ui/icon-card';
import { PageHeader } from '../../components/ui/page-header';
import { StatGrid } from '../../components/ui/stat-grid';
import { AFFILIATE_FORM_ID, AffiliateForm } from '../../features/info/components/affiliate-form';

const BENEFITS = [
  ['commission', TrendingUpIcon],
  ['payments', EuroIcon],
  ['support', SupportIcon],
  ['audience', GroupIcon],
] as const;

const STATS = ['commission', 'approval', 'affiliates', 'paid'] as const;

export default function AffiliateRoute() {
  const { t } = useTranslation('info');
  return (
    <>
      <PageHeader
        id="affiliate-title"
        title={t('affiliate.title')}
        subtitle={t('affiliate.subtitle')}
        icon={<TrendingUpIcon />}
      >
        <Button
          href={`#${AFFILIATE_FORM_ID}`}
          onClick={(event) => {
            event.preventDefault();
            const form = document.getElementById(AFFILIATE_FORM_ID)?.closest('section');
            form?.scrollIntoView({ block: 'start' });
            form?.querySelector('input')?.focus({ preventScroll: true });
          }}
          variant="contained"
          color="secondary"
          size="large"
          sx={{ mt: 4 }}
        >
          {t('affiliate.form.title')}
        </Button>
      </PageHeader>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box component="section" aria-labelledby="affiliate-benefits-title" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography id="affiliate-benefits-title" component="h2" variant="h2" sx={{ mb: 3 }}>
            {t('affiliate.benefitsTitle')}
          </Typography>
          <Box
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}
          >
            {BENEFITS.map(([key, Icon]) => (
              <IconCard
                key={key}
                icon={<Icon />}
                title={t(`affiliate.benefits.${key}.title`)}
                description={t(`affiliate.benefits.${key}.description`)}
              />
            ))}
          </Box>
        </Box>
        <Box component="section" aria-labelledby="affiliate-stats-title" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography id="affiliate-stats-title" component="h2" variant="h2" sx={{ mb: 3 }}>
            {t('affiliate.statsTitle')}
          </Typography>
          <StatGrid
            stats={STATS.map((key) => ({
              value: t(`affiliate.stats.${key}.value`),
              label: t(`affiliate.stats.${key}.label`),
            }))}
          />
        </Box>
        <Box sx={{ maxWidth: 860, mx: 'auto' }}>
          <AffiliateForm />
        </Box>
      </Container>
    </>
  );
}
