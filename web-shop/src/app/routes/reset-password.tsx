import Container from '@mui/material/Container';
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** `/auth/reset-password?token=`: the link of the password-reset e-mail. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <ResetPasswordForm token={params.get('token')} />
    </Container>
  );
}
