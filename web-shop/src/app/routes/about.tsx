import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  BoltIcon,
  EuroIcon,
  FlagIcon,
  GroupIcon,
  HeartIcon,
  LightbulbIcon,
  ShieldIcon,
  StarIcon,
} from '../../components/icons';
import { IconCard, IconCardGrid } from '../../components/ui/icon-card';
import { InfoPage } from '../../components/ui/page-header';

const SECTIONS = [
  ['mission', FlagIcon],
  ['team', GroupIcon],
  ['vision', LightbulbIcon],
  ['values', HeartIcon],
  ['commitment', StarIcon],
] as const;

const REASONS = [
  ['security', ShieldIcon],
  ['instant', BoltIcon],
  ['savings', EuroIcon],
] as const;

export default function AboutRoute() {
  const { t } = useTranslation('info');
  return (
    <InfoPage id="about-title" title={t('about.title')} subtitle={t('about.subtitle')}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(6, 1fr)' },
          // Three cards on the first row, two wider ones on the second.
          '& > :nth-of-type(-n+3)': { gridColumn: { md: 'span 2' } },
          '& > :nth-of-type(n+4)': { gridColumn: { md: 'span 3' } },
          mb: { xs: 5, md: 7 },
        }}
      >
        {SECTIONS.map(([key, Icon]) => (
          <IconCard
            key={key}
            headingLevel="h2"
            icon={<Icon />}
            title={t(`about.${key}.title`)}
            description={t(`about.${key}.text`)}
          />
        ))}
      </Box>
      <Box component="section" aria-labelledby="about-reasons-title">
        <Typography id="about-reasons-title" component="h2" variant="h2" sx={{ mb: 3, textAlign: 'center' }}>
          {t('about.reasonsTitle')}
        </Typography>
        <IconCardGrid
          items={REASONS}
          text={(key) => ({ title: t(`about.reasons.${key}.title`), description: t(`about.reasons.${key}.text`) })}
        />
      </Box>
      <Box sx={{ textAlign: 'center', mt: { xs: 4, md: 6 } }}>
        <Button component={RouterLink} to="/story" variant="contained" size="large">
          {t('about.storyLink')}
        </Button>
      </Box>
    </InfoPage>
  );
}
