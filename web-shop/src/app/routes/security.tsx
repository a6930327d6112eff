import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { useRefreshSecurityActivity } from '../../features/account/api/get-security-activity';
import { AccountLoginRequired } from '../../features/account/components/account-login-required';
import { PasswordChangeForm } from '../../features/account/components/password-change-form';
import { SecurityActivityList } from '../../features/account/components/security-activity-list';
import { SessionList } from '../../features/account/components/session-list';
import { TwoFactorPanel } from '../../features/account/components/two-factor-panel';
import { useSession } from '../../lib/session';
import type { Profile } from '../../types/api';
import { TwoColumns } from '../../components/ui/two-columns';

export default function SecurityRoute() {
  const { session } = useSession();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut') return <AccountLoginRequired screen="security" returnTo="/security" />;
  return <SignedInSecurity user={session.user} />;
}

function SignedInSecurity({ user }: { user: Profile }) {
  const { t } = useTranslation('account');
  const { reload, signOut } = useSession();
  const navigate = useNavigate();
  const refreshActivity = useRefreshSecurityActivity(user.id);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography component="h1" variant="h2">
        {t('security.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>{t('security.subtitle')}</Typography>
      <TwoColumns widths={[1, 1]}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <TwoFactorPanel
            enabled={user.twoFactorEnabled}
            onChanged={async () => {
              await reload();
              refreshActivity();
            }}
          />
          <PasswordChangeForm userId={user.id} onChanged={refreshActivity} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <SessionList
            userId={user.id}
            onChanged={refreshActivity}
            onSignOutEverywhere={async () => {
              await signOut('global');
              void navigate('/');
            }}
          />
          <SecurityActivityList userId={user.id} />
        </Stack>
      </TwoColumns>
    </Container>
  );
}
