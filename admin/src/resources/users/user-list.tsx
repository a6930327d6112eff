import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SegmentIcon from '@mui/icons-material/CardMembership';
import {
  CreateButton,
  ExportButton,
  FilterButton,
  FilterList,
  FilterListItem,
  FilterLiveSearch,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { UserCounters } from './user-counters';
import { UserGroups } from './user-groups';
import { UserRows } from './user-rows';
import { usersExporter } from './users-csv';
import { SEGMENTS, segmentChoices } from './user-vocabulary';

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
  const [locale] = useLocaleState();
  return (
    <TopToolbar>
      {small && <FilterButton />}
      <CreateButton />
      <ExportButton
        exporter={usersExporter(filterValues as Record<string, unknown>, locale, () =>
          notify('shop.users.export.failed', { type: 'error' }),
        )}
      />
    </TopToolbar>
  );
}

/** The list's pages, for one segment; the "all" view pages each of its groups instead. */
function SegmentPagination() {
  const { filterValues } = useListContext();
  return (filterValues as { segment?: string }).segment ? <Pagination /> : null;
}

/** One segment's users, or all of them in the seeds' three groups. */
function UsersOfSegment({ small }: { small: boolean }) {
  const { filterValues } = useListContext();
  return (filterValues as { segment?: string }).segment ? <UserRows small={small} /> : <UserGroups small={small} />;
}

/** The Users tab: counters, search, the seeds' segments, a row per customer (a compact list on phones). */
export function UserList() {
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
      pagination={<SegmentPagination />}
    >
      <UserCounters />
      <UsersOfSegment small={small} />
    </List>
  );
}
