import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
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
    <Box
      component="section"
      aria-labelledby="features-title"
      sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 9 } }}
    >
      <Container maxWidth="lg">
        <Typography id="features-title" component="h2" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('features.title')}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: { xs: 4, md: 6 } }}>
          {t('features.subtitle')}
        </Typography>
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
      </Container>
    </Box>
  );
}
