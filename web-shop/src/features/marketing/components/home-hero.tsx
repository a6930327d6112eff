import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatGrid } from '../../../components/ui/stat-grid';
import { heroBackground } from './hero-background';
import { HighlightBadge } from '../../../components/ui/highlight-badge';

/** `servicesCount` comes from the API; the other figures are the seeds' marketing claims. */
export function HomeHero({ servicesCount }: { servicesCount: number | undefined }) {
  const { t } = useTranslation('catalogue');
  const stats = [
    { value: t('claims.users'), label: t('hero.stats.users') },
    { value: t('claims.satisfaction'), label: t('hero.stats.satisfaction') },
    { value: t('claims.support'), label: t('hero.stats.support') },
    { value: servicesCount === undefined ? '–' : String(servicesCount), label: t('hero.stats.services') },
  ];
  return (
    <Box component="section" aria-labelledby="hero-title" sx={heroBackground}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Stack spacing={3} sx={{ maxWidth: 760 }}>
          <HighlightBadge look={{ fontSize: '0.875rem' }}>{t('hero.badge')}</HighlightBadge>
          <Typography id="hero-title" component="h1" variant="h1">
            {t('hero.title')}
          </Typography>
          <Typography sx={{ fontSize: '1.15rem', color: 'rgba(255,255,255,0.9)' }}>{t('hero.subtitle')}</Typography>
          <Box>
            <Button
              href="#plans"
              variant="contained"
              size="large"
              sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#ede9fe' } }}
            >
              {t('hero.startNow')}
            </Button>
          </Box>
        </Stack>
        <Box sx={{ mt: { xs: 5, md: 7 } }}>
          <StatGrid stats={stats} label={t('hero.statsLabel')} onColour />
        </Box>
      </Container>
    </Box>
  );
}
