import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronLeftIcon, ScheduleIcon } from '../../../components/icons';
import { PlanBadge } from './plan-badge';

/** Paid, but the operator has not assigned credentials yet. */
export function PreparingPanel({ planName, logo }: { planName: string; logo: string | null }) {
  const { t } = useTranslation('credentials');
  return (
    <Paper
      component="section"
      aria-labelledby="credentials-preparing"
      variant="outlined"
      data-testid="credentials-preparing"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center', maxWidth: 640, mx: 'auto' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <PlanBadge name={planName} logo={logo} size={64} />
      </Box>
      <ScheduleIcon sx={{ display: 'block', mx: 'auto', mt: 2, fontSize: 40, color: 'warning.main' }} aria-hidden />
      <Typography id="credentials-preparing" component="h2" variant="h3" sx={{ mt: 1, mb: 1.5 }}>
        {t('preparing.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('preparing.message', { plan: planName })}</Typography>
      <Button component={RouterLink} to="/profile" variant="contained" startIcon={<ChevronLeftIcon aria-hidden />}>
        {t('preparing.back')}
      </Button>
    </Paper>
  );
}
