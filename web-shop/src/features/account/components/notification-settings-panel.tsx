import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { getNotificationSettings } from '../api/get-notification-settings';
import { updateNotificationSettings } from '../api/update-notification-settings';
import type { NotificationSetting, NotificationSettings } from '../types';

const SETTINGS: NotificationSetting[] = [
  'emailNotifications',
  'pushNotifications',
  'subscriptionAlerts',
  'securityAlerts',
  'promotionalEmails',
];

/** The five toggles: changed at once on screen, sent to the server, put back with a toast if it refuses. */
export function NotificationSettingsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const query = useApiQuery(`notification-settings:${userId}`, (signal) => getNotificationSettings(signal));
  const [settings, setSettings] = useState<NotificationSettings | undefined>(undefined);
  const [pending, setPending] = useState<Set<NotificationSetting>>(new Set());

  useEffect(() => {
    if (query.status === 'success') setSettings(query.data);
  }, [query.data]);

  const current = settings ?? query.data;

  const toggle = async (setting: NotificationSetting, value: boolean) => {
    setSettings((previous) => ({ ...(previous ?? current!), [setting]: value }));
    setPending((previous) => new Set(previous).add(setting));
    try {
      await updateNotificationSettings({ [setting]: value });
    } catch (error) {
      setSettings((previous) => ({ ...(previous ?? current!), [setting]: !value }));
      toast({
        severity: 'error',
        title: t('settings.updateError'),
        message: error instanceof ApiError && error.status !== 0 ? error.message : t('errors.unexpected'),
      });
    } finally {
      setPending((previous) => {
        const next = new Set(previous);
        next.delete(setting);
        return next;
      });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 1.5 }}>
        {t('settings.title')}
      </Typography>
      {!current && query.status === 'loading' && (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('settings.loading')}</Typography>
        </Stack>
      )}
      {!current && query.status === 'error' && <Alert severity="error">{t('settings.loadError')}</Alert>}
      {current && (
        <Stack spacing={1.5}>
          {SETTINGS.map((setting) => (
            <FormControlLabel
              key={setting}
              labelPlacement="start"
              control={
                <Switch
                  checked={current[setting]}
                  onChange={(event) => void toggle(setting, event.target.checked)}
                  disabled={pending.has(setting)}
                  slotProps={{ input: { 'aria-describedby': `setting-${setting}-help` } }}
                />
              }
              label={
                <>
                  <Typography sx={{ fontWeight: 600 }}>{t(`settings.items.${setting}.label`)}</Typography>
                  <Typography id={`setting-${setting}-help`} variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`settings.items.${setting}.help`)}
                  </Typography>
                </>
              }
              sx={{ m: 0, justifyContent: 'space-between', gap: 2, alignItems: 'center' }}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
