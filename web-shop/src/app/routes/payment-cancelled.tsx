import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { CloseIcon, HomeIcon } from '../../components/icons';
import { PaymentResult } from '../../features/payments/components/payment-result';

export default function PaymentCancelledRoute() {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <PaymentResult
        icon={<CloseIcon sx={{ fontSize: 64, color: 'warning.main' }} aria-hidden />}
        title={t('payment.cancelledTitle')}
        message={t('payment.cancelledMessage')}
        actions={
          <>
            <Button variant="contained" size="large" onClick={() => void navigate(-1)}>
              {t('payment.continue')}
            </Button>
            <Button component={RouterLink} to="/" variant="outlined" size="large" startIcon={<HomeIcon aria-hidden />}>
              {t('payment.home')}
            </Button>
          </>
        }
      />
    </Container>
  );
}
