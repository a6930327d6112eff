import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { PageLoader } from '../../components/ui/page-loader';
import { AccountLoginRequired } from '../../features/account/components/account-login-required';
import { NotificationList } from '../../features/account/components/notification-list';
import { NotificationSettingsPanel } from '../../features/account/components/notification-settings-panel';
import { useSession } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';

export default function NotificationsRoute() {
  const { session } = useSession();
  const language = useLanguage();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut') return <AccountLoginRequired screen="notifications" returnTo="/notifications" />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 360px' },
          alignItems: 'start',
        }}
      >
        <NotificationList userId={session.user.id} language={language} />
        <NotificationSettingsPanel userId={session.user.id} />
      </Box>
    </Container>
  );
}
