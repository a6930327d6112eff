import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import type { NotificationSetting } from '../types';
import { QueryFeedback } from '../../../components/ui/query-feedback';
import { AccountPanel } from './account-panel';

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
  const query = useNotificationSettings(userId);
  const update = useUpdateNotificationSettings(userId);
  const [pending, setPending] = useState<Set<NotificationSetting>>(new Set());

  const current = query.data;

  const toggle = async (setting: NotificationSetting, value: boolean) => {
    setPending((previous) => new Set(previous).add(setting));
    try {
      await update.mutateAsync({ [setting]: value });
    } catch (error) {
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
    <AccountPanel title={t('settings.title')}>
      <QueryFeedback
        status={query.status}
        loading={t('settings.loading')}
        loadError={t('settings.loadError')}
        hideError={Boolean(current)}
      />
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
    </AccountPanel>
  );
}
