import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmailIcon, GlobeIcon, GroupIcon, StarIcon, TrendingUpIcon } from '../../components/icons';
import { IconCard } from '../../components/ui/icon-card';
import { PageHeader } from '../../components/ui/page-header';
import { config } from '../../config';
import { PartnershipForm } from '../../features/info/components/partnership-form';

const BENEFITS = [
  ['commission', TrendingUpIcon],
  ['network', GlobeIcon],
  ['satisfaction', StarIcon],
] as const;

export default function BecomePartnerRoute() {
  const { t } = useTranslation('info');
  const subject = encodeURIComponent(t('partner.team.title'));
  return (
    <>
      <PageHeader id="partner-title" title={t('partner.title')} subtitle={t('partner.subtitle')} icon={<GroupIcon />} />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box component="section" aria-labelledby="partner-benefits-title" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography id="partner-benefits-title" component="h2" variant="h2" sx={{ mb: 3 }}>
            {t('partner.benefitsTitle')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {BENEFITS.map(([key, Icon]) => (
              <IconCard
                key={key}
                icon={<Icon />}
                title={t(`partner.benefits.${key}.title`)}
                description={t(`partner.benefits.${key}.description`)}
              />
            ))}
          </Box>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <PartnershipForm />
          <Stack spacing={2} component="aside" aria-labelledby="partner-team-title">
            <IconCard
              headingLevel="h2"
              icon={<EmailIcon />}
              title={t('partner.team.title')}
              description={
                <>
                  {t('partner.team.description')}
                  <br />
                  <Link href={`mailto:${config.supportEmail}`} sx={{ fontWeight: 600 }}>
                    {config.supportEmail}
                  </Link>
                </>
              }
              action={{ label: t('partner.team.action'), href: `mailto:${config.supportEmail}?subject=${subject}` }}
            />
          </Stack>
        </Box>
      </Container>
    </>
  );
}
