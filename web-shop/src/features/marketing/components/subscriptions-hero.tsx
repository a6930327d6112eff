import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BoltIcon, GlobeIcon, LockIcon, SupportIcon } from '../../../components/icons';
import { heroBackground } from './hero-background';

const BADGES = [
  [LockIcon, 'subscriptionsHero.badges.secure'],
  [BoltIcon, 'subscriptionsHero.badges.instant'],
  [SupportIcon, 'subscriptionsHero.badges.support'],
  [GlobeIcon, 'subscriptionsHero.badges.worldwide'],
] as const;

export function SubscriptionsHero() {
  const { t } = useTranslation('catalogue');
  return (
    <Box component="section" aria-labelledby="subscriptions-title" sx={heroBackground}>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 }, textAlign: 'center' }}>
        <Typography id="subscriptions-title" component="h1" variant="h1" sx={{ mb: 2 }}>
          {t('subscriptionsHero.title')}
        </Typography>
        <Typography sx={{ fontSize: '1.15rem', color: 'rgba(255,255,255,0.9)', mb: 4 }}>
          {t('subscriptionsHero.subtitle')}
        </Typography>
        <Stack
          component="ul"
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
        >
          {BADGES.map(([Icon, key]) => (
            <Stack
              component="li"
              key={key}
              direction="row"
              spacing={1}
              sx={{
                alignItems: 'center',
                px: 2,
                py: 1,
                borderRadius: 999,
                bgcolor: 'rgba(255,255,255,0.12)',
                border: '1px solid rgba(255,255,255,0.25)',
              }}
            >
              <Icon fontSize="small" aria-hidden />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(key)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
