import Container from '@mui/material/Container';
import { PageLoader } from '../../components/ui/page-loader';
import { AccountLoginRequired } from '../../features/account/components/account-login-required';
import { NotificationList } from '../../features/account/components/notification-list';
import { NotificationSettingsPanel } from '../../features/account/components/notification-settings-panel';
import { useSession } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import { TwoColumns } from '../../components/ui/two-columns';

export default function NotificationsRoute() {
  const { session } = useSession();
  const language = useLanguage();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut') return <AccountLoginRequired screen="notifications" returnTo="/notifications" />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <TwoColumns widths={[1, '360px']}>
        <NotificationList userId={session.user.id} language={language} />
        <NotificationSettingsPanel userId={session.user.id} />
      </TwoColumns>
    </Container>
  );
}
