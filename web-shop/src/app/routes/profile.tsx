import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LockIcon } from '../../components/icons';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/session';
import { authPathFor } from '../../lib/auth-redirect';
import type { Profile } from '../../types/api';
import { useMySubscriptions } from '../../features/profile/api/get-my-subscriptions';
import { AccountMenu } from '../../features/profile/components/account-menu';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { SubscriptionList } from '../../features/profile/components/subscription-list';
import { useLanguage } from '../../lib/use-language';
import { TwoColumns } from '../../components/ui/two-columns';

// A renewal is a checkout of the subscription's plan: composed here, downloaded when first opened.
const ProfileRenewal = lazy(() => import('./profile-renewal'));

function SignedInProfile({ user }: { user: Profile }) {
  const subscriptions = useMySubscriptions(user.id, useLanguage());
  return (
    <TwoColumns widths={[1, '260px']}>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <ProfileSummary user={user} figures={subscriptions.data} />
        <SubscriptionList query={subscriptions} RenewalDialog={ProfileRenewal} />
      </Stack>
      <AccountMenu fullName={user.fullName} />
    </TwoColumns>
  );
}

export default function ProfileRoute() {
  const { t } = useTranslation('profile');
  const { session } = useSession();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut')
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
          <LockIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
          <Typography component="h1" sx={{ mt: 2, mb: 3, fontSize: '1.25rem', fontWeight: 700 }}>
            {t('loginRequired')}
          </Typography>
          <Button component={RouterLink} to={authPathFor('/profile')} variant="contained" size="large">
            {t('loginAction')}
          </Button>
        </Paper>
      </Container>
    );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <SignedInProfile user={session.user} />
    </Container>
  );
}
