import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIcon, DoneAllIcon, NotificationsIcon, ShieldIcon, StarIcon } from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import type { NotificationType, UserNotification } from '../types';
import { RelativeTimeText } from './relative-time-text';
import { QueryFeedback } from '../../../components/ui/query-feedback';

const TYPE_ICONS: Record<NotificationType, typeof NotificationsIcon> = {
  subscription: StarIcon,
  security: ShieldIcon,
  other: NotificationsIcon,
};

const TYPE_COLOURS: Record<NotificationType, string> = {
  subscription: 'primary.main',
  security: 'warning.main',
  other: 'info.main',
};

function NotificationItem({
  notification,
  busy,
  onRead,
  onDelete,
}: {
  notification: UserNotification;
  busy: boolean;
  onRead: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('account');
  const Icon = TYPE_ICONS[notification.type] ?? NotificationsIcon;
  const unread = !notification.read;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="notification"
      data-read={notification.read}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        display: 'flex',
        gap: { xs: 1.5, sm: 2 },
        alignItems: 'flex-start',
        borderLeft: 4,
        borderLeftColor: unread ? 'primary.main' : 'divider',
        bgcolor: unread ? 'rgba(76,29,149,0.04)' : 'background.paper',
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'grid' },
          placeItems: 'center',
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: 'action.hover',
          color: TYPE_COLOURS[notification.type] ?? 'info.main',
        }}
      >
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={t(`notifications.types.${notification.type}`)} />
          {unread && (
            <Chip
              size="small"
              color="primary"
              label={t('notifications.unread')}
              data-testid="notification-unread"
              sx={{ fontWeight: 700 }}
            />
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <RelativeTimeText iso={notification.createdAt} />
          </Typography>
        </Box>
        <Typography component="h3" sx={{ mt: 0.75, fontWeight: unread ? 800 : 600, overflowWrap: 'anywhere' }}>
          {notification.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}>
          {notification.message}
        </Typography>
        {unread && (
          <Button
            size="small"
            onClick={onRead}
            disabled={busy}
            aria-label={t('notifications.markReadLabel', { title: notification.title })}
            sx={{ mt: 1, ml: -1 }}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Box>
      <IconButton
        onClick={onDelete}
        disabled={busy}
        aria-label={t('notifications.deleteLabel', { title: notification.title })}
        title={t('notifications.delete')}
        sx={{ mt: -0.5, mr: -0.5 }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/** The signed-in user's notifications with mark-as-read (one, all) and delete, all kept by the server. */
export function NotificationList({ userId, language }: { userId: string; language: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const query = useNotifications(userId, language);
  const markNotificationRead = useMarkNotificationRead(userId);
  const markAllNotificationsRead = useMarkAllNotificationsRead(userId);
  const deleteNotification = useDeleteNotification(userId);
  const [busy, setBusy] = useState<string | null>(null);

  const list = query.data?.data;
  const unread = list?.filter((notification) => !notification.read).length ?? 0;

  const markRead = async (id: string) => {
    setBusy(id);
    try {
      await markNotificationRead.mutateAsync(id);
    } catch {
      toast({ severity: 'error', message: t('notifications.errors.markRead') });
    } finally {
      setBusy(null);
    }
  };

  const markAllRead = async () => {
    setBusy('all');
    try {
      await markAllNotificationsRead.mutateAsync();
    } catch {
      toast({ severity: 'error', message: t('notifications.errors.markAllRead') });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (id: string) => {
    setBusy(id);
    try {
      await deleteNotification.mutateAsync(id);
      toast({ severity: 'success', message: t('notifications.deleted') });
    } catch {
      toast({ severity: 'error', message: t('notifications.errors.delete') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, borderRadius: 3, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 2.5 }}
      >
        <Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography component="h1" variant="h2">
              {t('notifications.title')}
            </Typography>
            {list && unread > 0 && (
              <Chip
                color="secondary"
                label={t('notifications.unreadCount', { count: unread })}
                sx={{ fontWeight: 800 }}
              />
            )}
          </Stack>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('notifications.subtitle')}</Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<DoneAllIcon aria-hidden />}
          onClick={() => void markAllRead()}
          disabled={!list || unread === 0 || busy !== null}
          sx={{ flexShrink: 0 }}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Stack>

      <QueryFeedback
        status={query.status}
        loading={t('notifications.loading')}
        loadError={t('notifications.loadError')}
        hideError={Boolean(list)}
      />
      {list && list.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 5, color: 'text.secondary' }}>
          <NotificationsIcon sx={{ fontSize: 48, opacity: 0.4 }} aria-hidden />
          <Typography sx={{ mt: 1 }}>{t('notifications.empty')}</Typography>
        </Box>
      )}
      {list && list.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              busy={busy !== null}
              onRead={() => void markRead(notification.id)}
              onDelete={() => void remove(notification.id)}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
