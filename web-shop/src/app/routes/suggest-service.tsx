import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LightbulbIcon } from '../../components/icons';
import { PageHeader } from '../../components/ui/page-header';
import { SuggestionForm } from '../../features/info/components/suggestion-form';

const STEPS = ['collect', 'evaluate', 'launch'] as const;

export default function SuggestServiceRoute() {
  const { t } = useTranslation('info');
  return (
    <>
      <PageHeader
        id="suggest-title"
        title={t('suggest.title')}
        subtitle={t('suggest.subtitle')}
        icon={<LightbulbIcon />}
      />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <SuggestionForm />
          <Paper
            component="section"
            aria-labelledby="suggest-how-title"
            variant="outlined"
            sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
          >
            <Typography id="suggest-how-title" component="h2" variant="h3" sx={{ mb: 2 }}>
              {t('suggest.howTitle')}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1.5, color: 'text.secondary' } }}>
              {STEPS.map((step) => (
                <li key={step}>{t(`suggest.how.${step}`)}</li>
              ))}
            </Box>
          </Paper>
        </Box>
      </Container>
    </>
  );
}
