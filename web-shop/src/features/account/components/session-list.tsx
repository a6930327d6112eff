import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutIcon } from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { describeDevice, describeLocation } from '../lib/security-actions';
import type { AccountSession } from '../types';
import { RelativeTimeText } from './relative-time-text';
import { QueryFeedback } from '../../../components/ui/query-feedback';
import { AccountPanel } from './account-panel';

/**
 * The devices signed in to the account (device, place, last use), this one marked: each other one
 * can be signed out on its own, or all of them at once (`onSignOutEverywhere`, this one included).
 * `onChanged` follows a revocation.
 */
export function SessionList({
  userId,
  onChanged,
  onSignOutEverywhere,
}: {
  userId: string;
  onChanged?: () => void;
  onSignOutEverywhere: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const query = useSessions(userId);
  const revokeSession = useRevokeSession(userId);

  const revoke = async (session: AccountSession) => {
    setPending(session.id);
    try {
      await revokeSession.mutateAsync(session.id);
      toast({ severity: 'success', message: t('sessions.revoked') });
    } catch (error) {
      // Already gone (signed out there meanwhile): the list is simply out of date.
      if (!(error instanceof ApiError && error.code === 'session.not_found')) {
        toast({ severity: 'error', message: t('sessions.revokeError') });
      }
    } finally {
      setPending(null);
      onChanged?.();
    }
  };

  const signOutEverywhere = async () => {
    setPending('everywhere');
    try {
      await onSignOutEverywhere();
      toast({ severity: 'info', message: t('sessions.signedOutEverywhere') });
    } catch {
      toast({ severity: 'error', message: t('sessions.revokeError') });
      setPending(null);
    }
  };

  return (
    <AccountPanel title={t('sessions.title')} subtitle={t('sessions.subtitle')} testId="sessions">
      <QueryFeedback status={query.status} loading={t('sessions.loading')} loadError={t('sessions.loadError')} />
      {query.status === 'success' && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {/* This device first, then the others as the server orders them (most recently used first). */}
          {[...query.data.data]
            .sort((a, b) => Number(b.current) - Number(a.current))
            .map((session) => {
              const device = describeDevice(session.device, t);
              return (
                <Box
                  component="li"
                  key={session.id}
                  data-testid="session"
                  data-current={session.current}
                  sx={{
                    py: 1.5,
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1.5,
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    borderTop: 1,
                    borderColor: 'divider',
                    '&:first-of-type': { borderTop: 0, pt: 0 },
                  }}
                >
                  <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{device}</Typography>
                      {session.current && (
                        <Chip size="small" color="success" variant="outlined" label={t('sessions.current')} />
                      )}
                    </Box>
                    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {session.location ? describeLocation(session.location, t) : t('activity.unknownLocation')} ·{' '}
                      {t('sessions.lastSeen')} <RelativeTimeText iso={session.lastSeenAt} midSentence />
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('sessions.signedInOn', { date: formatDate(session.createdAt, i18n.language) })}
                    </Typography>
                  </Box>
                  {!session.current && (
                    <Button
                      variant="outlined"
                      color="error"
                      size="small"
                      disabled={pending !== null}
                      aria-label={t('sessions.revokeLabel', { device })}
                      onClick={() => void revoke(session)}
                      sx={{ flexShrink: 0 }}
                    >
                      {pending === session.id ? t('sessions.revoking') : t('sessions.revoke')}
                    </Button>
                  )}
                </Box>
              );
            })}
        </Box>
      )}
      <Button
        variant="text"
        color="error"
        startIcon={<LogoutIcon aria-hidden />}
        disabled={pending !== null}
        onClick={() => void signOutEverywhere()}
        sx={{ mt: 1 }}
      >
        {t('sessions.signOutEverywhere')}
      </Button>
    </AccountPanel>
  );
}
