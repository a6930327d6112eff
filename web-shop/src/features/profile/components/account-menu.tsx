import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  LogoutIcon,
  NotificationsIcon,
  PersonIcon,
  ReceiptIcon,
  ShieldIcon,
  StarIcon,
  SupportIcon,
} from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';
import { useSession } from '../../../lib/session';
import { EditProfileDialog } from './edit-profile-dialog';

const LINKS = [
  { to: '/notifications', key: 'menu.notifications', Icon: NotificationsIcon },
  { to: '/security', key: 'menu.security', Icon: ShieldIcon },
  { to: '/invoices', key: 'menu.invoices', Icon: ReceiptIcon },
  { to: '/support', key: 'menu.support', Icon: SupportIcon },
  { to: '/subscriptions', key: 'menu.subscriptions', Icon: StarIcon },
] as const;

/** The profile's side menu (seeds §2): notifications, security, invoices, support, profile update and sign-out. */
export function AccountMenu({ fullName }: { fullName: string }) {
  const { t } = useTranslation('profile');
  const { signOut } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  const onSignOut = async () => {
    setBusy(true);
    try {
      await signOut('local');
      toast({ severity: 'info', message: t('menu.signedOut') });
      void navigate('/');
    } catch {
      toast({ severity: 'error', message: t('menu.signOutError') });
      setBusy(false);
    }
  };

  return (
    <Paper component="nav" aria-label={t('menu.label')} variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Stack spacing={0.5}>
        {LINKS.map(({ to, key, Icon }) => (
          <Button
            key={to}
            component={RouterLink}
            to={to}
            variant="text"
            startIcon={<Icon aria-hidden />}
            sx={{ justifyContent: 'flex-start', py: 1 }}
          >
            {t(key)}
          </Button>
        ))}
        <Button
          variant="text"
          startIcon={<PersonIcon aria-hidden />}
          onClick={() => setEditing(true)}
          sx={{ justifyContent: 'flex-start', py: 1 }}
        >
          {t('menu.editProfile')}
        </Button>
        <Divider sx={{ my: 1 }} />
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon aria-hidden />}
          onClick={() => void onSignOut()}
          disabled={busy}
        >
          {busy ? t('menu.signingOut') : t('menu.signOut')}
        </Button>
      </Stack>
      <EditProfileDialog open={editing} fullName={fullName} onClose={() => setEditing(false)} />
    </Paper>
  );
}
