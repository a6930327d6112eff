import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { SupportIcon } from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';
import { useSession } from '../../auth/hooks/use-session';

/** The profile's side menu: the screens available so far and signing out. */
export function AccountMenu() {
  const { t } = useTranslation('profile');
  const { signOut } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

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
      <Stack spacing={1}>
        <Button component={RouterLink} to="/subscriptions" variant="text" sx={{ justifyContent: 'flex-start' }}>
          {t('menu.subscriptions')}
        </Button>
        <Button
          component={RouterLink}
          to="/support"
          variant="text"
          startIcon={<SupportIcon aria-hidden />}
          sx={{ justifyContent: 'flex-start' }}
        >
          {t('menu.support')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => void onSignOut()} disabled={busy}>
          {busy ? t('menu.signingOut') : t('menu.signOut')}
        </Button>
      </Stack>
    </Paper>
  );
}
