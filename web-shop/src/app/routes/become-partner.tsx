import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EmailIcon, GlobeIcon, GroupIcon, StarIcon, TrendingUpIcon } from '../../components/icons';
import { IconCard, IconCardGrid } from '../../components/ui/icon-card';
import { InfoPage } from '../../components/ui/page-header';
import { PageSection } from '../../components/ui/page-section';
import { TwoColumns } from '../../components/ui/two-columns';
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
    <InfoPage id="partner-title" title={t('partner.title')} subtitle={t('partner.subtitle')} icon={<GroupIcon />}>
      <PageSection titleId="partner-benefits-title" title={t('partner.benefitsTitle')}>
        <IconCardGrid
          items={BENEFITS}
          text={(key) => ({
            title: t(`partner.benefits.${key}.title`),
            description: t(`partner.benefits.${key}.description`),
          })}
        />
      </PageSection>
      <TwoColumns widths={[2, 1]}>
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
      </TwoColumns>
    </InfoPage>
  );
}
