import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { HomeIcon } from '../icons';

/** A centred message with a back-home button: 404 page, missing plan, unexpected error. */
export function MessagePage({ eyebrow, title, message }: { eyebrow?: string; title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      {eyebrow && (
        <Typography aria-hidden sx={{ fontSize: '5rem', fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>
          {eyebrow}
        </Typography>
      )}
      <Typography component="h1" variant="h2" sx={{ mt: 2, mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{message}</Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeIcon aria-hidden />}>
        {t('backHome')}
      </Button>
    </Container>
  );
}
