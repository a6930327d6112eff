import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { EuroIcon, GroupIcon, SupportIcon, TrendingUpIcon } from '../../components/icons';
import { IconCardGrid } from '../../components/ui/icon-card';
import { InfoPage } from '../../components/ui/page-header';
import { PageSection } from '../../components/ui/page-section';
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
    <InfoPage
      id="affiliate-title"
      title={t('affiliate.title')}
      subtitle={t('affiliate.subtitle')}
      icon={<TrendingUpIcon />}
      action={
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
      }
    >
      <PageSection titleId="affiliate-benefits-title" title={t('affiliate.benefitsTitle')}>
        <IconCardGrid
          items={BENEFITS}
          columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }}
          text={(key) => ({
            title: t(`affiliate.benefits.${key}.title`),
            description: t(`affiliate.benefits.${key}.description`),
          })}
        />
      </PageSection>
      <PageSection titleId="affiliate-stats-title" title={t('affiliate.statsTitle')}>
        <StatGrid
          stats={STATS.map((key) => ({
            value: t(`affiliate.stats.${key}.value`),
            label: t(`affiliate.stats.${key}.label`),
          }))}
        />
      </PageSection>
      <Box sx={{ maxWidth: 860, mx: 'auto' }}>
        <AffiliateForm />
      </Box>
    </InfoPage>
  );
}
