import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  BoltIcon,
  EuroIcon,
  LockIcon,
  SettingsIcon,
  SupportIcon,
  WorkspacePremiumIcon,
} from '../../../components/icons';
import { HomeSection } from './home-section';

/** Seeds, Home: the six reasons to choose the shop. */
const FEATURES = [
  ['instantDelivery', BoltIcon],
  ['simpleManagement', SettingsIcon],
  ['security', LockIcon],
  ['support', SupportIcon],
  ['prices', EuroIcon],
  ['quality', WorkspacePremiumIcon],
] as const;

export function FeaturesSection() {
  const { t } = useTranslation('home');
  return (
    <HomeSection
      titleId="features-title"
      title={t('features.title')}
      subtitle={t('features.subtitle')}
      bgcolor="background.paper"
    >
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          listStyle: 'none',
          p: 0,
          m: 0,
        }}
      >
        {FEATURES.map(([key, Icon]) => (
          <Box
            component="li"
            key={key}
            sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
          >
            <Box
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 48,
                height: 48,
                mb: 2,
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              <Icon aria-hidden />
            </Box>
            <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
              {t(`features.items.${key}.title`)}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t(`features.items.${key}.text`)}</Typography>
          </Box>
        ))}
      </Box>
    </HomeSection>
  );
}
