import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { InfoPage } from '../../components/ui/page-header';
import { PageSection } from '../../components/ui/page-section';
import { StatGrid } from '../../components/ui/stat-grid';

const MILESTONES = ['idea', 'launch', 'today'] as const;
const NUMBERS = ['users', 'services', 'uptime'] as const;

export default function StoryRoute() {
  const { t } = useTranslation('info');
  return (
    <InfoPage id="story-title" title={t('story.title')} subtitle={t('story.subtitle')} width="md">
      <PageSection titleId="story-timeline-title" title={t('story.timelineTitle')}>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {MILESTONES.map((key, index) => (
            <Box
              component="li"
              key={key}
              sx={{
                position: 'relative',
                pl: { xs: 4, sm: 5 },
                pb: index < MILESTONES.length - 1 ? 4 : 0,
                // The line that joins the milestones, with a dot on each.
                '&::before': {
                  content: '""',
                  position: 'absolute',
                  left: 7,
                  top: 8,
                  bottom: index < MILESTONES.length - 1 ? -8 : 'auto',
                  width: 2,
                  bgcolor: 'primary.light',
                },
                '&::after': {
                  content: '""',
                  position: 'absolute',
                  left: 0,
                  top: 4,
                  width: 16,
                  height: 16,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  border: '3px solid #fff',
                  boxShadow: '0 0 0 2px #6d28d9',
                },
              }}
            >
              <Typography sx={{ color: 'secondary.main', fontWeight: 800, fontSize: '1.1rem' }}>
                {t(`story.timeline.${key}.year`)}
              </Typography>
              <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
                {t(`story.timeline.${key}.title`)}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{t(`story.timeline.${key}.text`)}</Typography>
            </Box>
          ))}
        </Box>
      </PageSection>
      <PageSection titleId="story-numbers-title" title={t('story.numbersTitle')}>
        <StatGrid
          stats={NUMBERS.map((key) => ({
            value: t(`story.numbers.${key}.value`),
            label: t(`story.numbers.${key}.label`),
          }))}
        />
      </PageSection>
      <Paper
        component="section"
        aria-labelledby="story-cta-title"
        variant="outlined"
        sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, textAlign: 'center' }}
      >
        <Typography id="story-cta-title" component="h2" variant="h3" sx={{ mb: 1 }}>
          {t('story.cta.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('story.cta.text')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/subscriptions" variant="contained">
            {t('story.cta.browse')}
          </Button>
          <Button component={RouterLink} to="/suggest-service" variant="outlined">
            {t('story.cta.suggest')}
          </Button>
        </Stack>
      </Paper>
    </InfoPage>
  );
}
