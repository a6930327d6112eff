import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSecurityActivity } from '../api/get-security-activity';
import { describeDevice, describeLocation, securityActionKey } from '../lib/security-actions';
import { RelativeTimeText } from './relative-time-text';
import { QueryFeedback } from '../../../components/ui/query-feedback';
import { AccountPanel } from './account-panel';

/** The 10 most recent security events; a change made on the same screen asks again (`useRefreshSecurityActivity`). */
export function SecurityActivityList({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useSecurityActivity(userId);
  return (
    <AccountPanel title={t('activity.title')} subtitle={t('activity.subtitle')}>
      <QueryFeedback status={query.status} loading={t('activity.loading')} loadError={t('activity.loadError')} />
      {query.status === 'success' && query.data.data.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('activity.empty')}</Typography>
      )}
      {query.status === 'success' && query.data.data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.data.map((event) => (
            <Box
              component="li"
              key={event.id}
              data-testid="security-event"
              sx={{
                py: 1.5,
                display: 'flex',
                gap: 1.5,
                alignItems: 'flex-start',
                justifyContent: 'space-between',
                borderTop: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 0, pt: 0 },
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{t(securityActionKey(event.action))}</Typography>
                {/* Most changes made while signed in carry no device of their own; sign-ins and attempts do,
                    and an ended session names its device only. */}
                {(event.device || event.location) && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {event.device ? describeDevice(event.device, t) : t('activity.unknownDevice')}
                    {event.action !== 'session_revoked' &&
                      ` · ${event.location ? describeLocation(event.location, t) : t('activity.unknownLocation')}`}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  <RelativeTimeText iso={event.createdAt} />
                </Typography>
              </Box>
              <Chip
                size="small"
                color={event.success ? 'success' : 'error'}
                variant="outlined"
                label={event.success ? t('activity.success') : t('activity.failure')}
                sx={{ flexShrink: 0 }}
              />
            </Box>
          ))}
        </Box>
      )}
    </AccountPanel>
  );
}
