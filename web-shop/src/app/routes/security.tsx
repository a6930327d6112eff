import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { AccountLoginRequired } from '../../features/account/components/account-login-required';
import { PasswordChangeForm } from '../../features/account/components/password-change-form';
import { SecurityActivityList } from '../../features/account/components/security-activity-list';
import { SessionList } from '../../features/account/components/session-list';
import { TwoFactorPanel } from '../../features/account/components/two-factor-panel';
import { useSession } from '../../features/auth/hooks/use-session';

export default function SecurityRoute() {
  const { t } = useTranslation('account');
  const { session, reload, signOut } = useSession();
  const navigate = useNavigate();
  // Bumped after a change, so the activity list shows the event it recorded.
  const [activityVersion, setActivityVersion] = useState(0);

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut') return <AccountLoginRequired screen="security" returnTo="/security" />;

  // The projection records the event a moment after the change; asking again shortly after shows it.
  const refreshActivity = () => window.setTimeout(() => setActivityVersion((version) => version + 1), 800);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography component="h1" variant="h2">
        {t('security.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>{t('security.subtitle')}</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <TwoFactorPanel
            enabled={session.user.twoFactorEnabled}
            onChanged={async () => {
              await reload();
              refreshActivity();
            }}
          />
          <PasswordChangeForm onChanged={refreshActivity} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <SessionList
            userId={session.user.id}
            onChanged={refreshActivity}
            onSignOutEverywhere={async () => {
              await signOut('global');
              void navigate('/');
            }}
          />
          <SecurityActivityList userId={session.user.id} version={activityVersion} />
        </Stack>
      </Box>
    </Container>
  );
}
