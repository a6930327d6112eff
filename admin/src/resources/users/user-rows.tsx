import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataTable, DateField, SimpleList, useLocaleState, useTranslate } from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { UserAvatar } from './user-avatar';
import { UserBulkActions } from './user-bulk-actions';
import { UserSegmentChip } from './user-segment-chip';
import { displayName, type User } from './user-vocabulary';
import { nowrap } from '../../components/responsive-list';
import { SelectableBody } from '../../components/selectable-body';

/** Up to three subscriptions: plan, price, expiry and status, as the seeds' rows show them. */
function SubscriptionsCell({ user }: { user: User }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (user.subscriptions.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate('shop.users.noSubscription')}
      </Typography>
    );
  const date = new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'short' });
  return (
    <Stack component="ul" spacing={0.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {user.subscriptions.map((s) => (
        <Typography component="li" variant="body2" key={s.id}>
          <strong>{s.planName}</strong> · {formatCents(s.totalCents, 'EUR', locale)}
          {s.expiresAt && ` · ${translate('shop.users.expires', { date: date.format(new Date(s.expiresAt)) })}`} ·{' '}
          {translate(`shop.subscriptions.statuses.${s.status}`, { _: s.status })}
        </Typography>
      ))}
    </Stack>
  );
}

function UserCell({ user }: { user: User }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 260 }}>
      <UserAvatar user={user} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 500, color: user.fullName.trim() ? 'inherit' : 'text.secondary' }}
        >
          {displayName(user, translate)}
          {/* Staff are customers' accounts too: their roles are the one mark that tells them apart. */}
          {user.roles
            .filter((role) => role !== 'customer')
            .map((role) => (
              <Typography key={role} component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
                · {translate(`shop.roles.${role}`)}
              </Typography>
            ))}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The rows of the list in context, as the seeds' rows read: a table sorted by its headers, or on
 * phones a compact list. The segment's list and each group of the "all" view show the same rows.
 */
export function UserRows({ small, empty }: { small: boolean; empty?: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (small) {
    return (
      <SimpleList<User>
        linkType="show"
        empty={empty}
        leftAvatar={(user) => <UserAvatar user={user} size={40} />}
        primaryText={(user) => displayName(user, translate)}
        secondaryText={(user) => user.email}
        tertiaryText={(user) =>
          `${translate(`shop.users.segments.${user.segment}`)} · ${formatCents(user.totalSpentCents, 'EUR', locale)}`
        }
      />
    );
  }
  return (
    <DataTable<User> rowClick="show" bulkActionButtons={<UserBulkActions />} body={SelectableBody} empty={empty}>
      <DataTable.Col
        source="fullName"
        label="resources.users.fields.customer"
        render={(user) => <UserCell user={user as User} />}
      />
      <DataTable.Col source="segment" disableSort>
        <UserSegmentChip />
      </DataTable.Col>
      <DataTable.Col source="createdAt" cellSx={nowrap}>
        <DateField source="createdAt" locales={intlLocaleOf(locale)} />
      </DataTable.Col>
      <DataTable.Col
        source="totalSpentCents"
        align="right"
        render={(user) => formatCents(user.totalSpentCents, 'EUR', locale)}
      />
      <DataTable.Col source="subscriptions" disableSort render={(user) => <SubscriptionsCell user={user as User} />} />
    </DataTable>
  );
}
