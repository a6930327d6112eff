import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SegmentIcon from '@mui/icons-material/CardMembership';
import {
  CreateButton,
  DataTable,
  DateField,
  ExportButton,
  FilterButton,
  FilterList,
  FilterListItem,
  FilterLiveSearch,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { UserAvatar } from './user-avatar';
import { UserCounters } from './user-counters';
import { UserSegmentChip } from './user-segment-chip';
import { usersExporter } from './users-csv';
import { displayName, SEGMENTS, segmentChoices, type User } from './user-vocabulary';

/** The filter sidebar, as the react-admin demo has it: search, then the seeds' segments. */
function UserFilterSidebar() {
  const translate = useTranslate();
  return (
    <Card sx={{ order: -1, mr: 2, mt: 2, width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        <FilterLiveSearch source="q" label="resources.users.fields.q" />
        <FilterList label="shop.users.filters.segment" icon={<SegmentIcon />}>
          {SEGMENTS.map((segment) => (
            <FilterListItem key={segment} label={translate(`shop.users.segments.${segment}`)} value={{ segment }} />
          ))}
        </FilterList>
      </CardContent>
    </Card>
  );
}

/** Create, and export: the file is made once the export is recorded (who, which list, how many rows). */
function UserListActions({ small }: { small: boolean }) {
  const { filterValues } = useListContext();
  const notify = useNotify();
  return (
    <TopToolbar>
      {small && <FilterButton />}
      <CreateButton />
      <ExportButton
        exporter={usersExporter(filterValues as Record<string, unknown>, () =>
          notify('shop.users.export.failed', { type: 'error' }),
        )}
      />
    </TopToolbar>
  );
}

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
          {/* Operators are customers' accounts too: the one mark that tells them apart. */}
          {user.role === 'admin' && (
            <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
              · {translate('shop.roles.admin')}
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </Box>
    </Box>
  );
}

/** The Users tab: counters, search, the seeds' segments, a row per customer (a compact list on phones). */
export function UserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const filters = small
    ? [
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="segment" source="segment" label="shop.users.filters.segment" choices={segmentChoices} />,
      ]
    : undefined;
  return (
    <List
      filters={filters}
      aside={small ? undefined : <UserFilterSidebar />}
      actions={<UserListActions small={small} />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
    >
      <UserCounters />
      {small ? (
        <SimpleList<User>
          linkType="show"
          leftAvatar={(user) => <UserAvatar user={user} size={40} />}
          primaryText={(user) => displayName(user, translate)}
          secondaryText={(user) => user.email}
          tertiaryText={(user) =>
            `${translate(`shop.users.segments.${user.segment}`)} · ${formatCents(user.totalSpentCents, 'EUR', locale)}`
          }
        />
      ) : (
        <DataTable<User> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col
            source="fullName"
            label="resources.users.fields.customer"
            render={(user) => <UserCell user={user as User} />}
          />
          <DataTable.Col source="segment" disableSort>
            <UserSegmentChip />
          </DataTable.Col>
          <DataTable.Col source="createdAt" cellSx={() => ({ whiteSpace: 'nowrap' })}>
            <DateField source="createdAt" locales={intlLocaleOf(locale)} />
          </DataTable.Col>
          <DataTable.Col
            source="totalSpentCents"
            align="right"
            render={(user) => formatCents(user.totalSpentCents, 'EUR', locale)}
          />
          <DataTable.Col
            source="subscriptions"
            disableSort
            render={(user) => <SubscriptionsCell user={user as User} />}
          />
        </DataTable>
      )}
    </List>
  );
}
