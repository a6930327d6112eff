import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef } from 'react';
import {
  ListContextProvider,
  Pagination,
  useListContext,
  useListController,
  useTranslate,
  type FilterPayload,
} from 'react-admin';
import { UserRows } from './user-rows';
import type { User, UserSegment } from './user-vocabulary';

/** The seeds' order of the "all" view's lists. */
const GROUPS: readonly UserSegment[] = ['with', 'without', 'expired'];
const PER_PAGE = 10;

function UserGroup({ segment, filter, small }: { segment: UserSegment; filter: FilterPayload; small: boolean }) {
  const translate = useTranslate();
  const headingId = useId();
  // A list of its own, asked of the API with the segment's filter: paged and sorted in the
  // database, its page and sort kept while the operator opens a customer and comes back.
  const list = useListController<User>({
    resource: 'users',
    filter: { ...filter, segment },
    sort: { field: 'createdAt', order: 'DESC' },
    perPage: PER_PAGE,
    disableSyncWithLocation: true,
    storeKey: `users.groups.${segment}`,
  });
  // Another search starts the group at its first page.
  const searched = JSON.stringify(filter);
  const lastSearch = useRef(searched);
  const { setPage } = list;
  useEffect(() => {
    if (lastSearch.current === searched) return;
    lastSearch.current = searched;
    setPage(1);
  }, [searched, setPage]);

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ pt: 2, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ px: 2, pb: 1 }}>
        {translate(`shop.users.groups.${segment}`)}{' '}
        <Box component="span" data-testid={`users-group-count-${segment}`} sx={{ color: 'text.secondary' }}>
          ({list.total ?? '…'})
        </Box>
      </Typography>
      <ListContextProvider value={list}>
        <UserRows
          small={small}
          empty={
            <Typography variant="body2" sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
              {translate('shop.users.groups.empty')}
            </Typography>
          }
        />
        {(list.total ?? 0) > PER_PAGE && <Pagination rowsPerPageOptions={[]} />}
      </ListContextProvider>
    </Box>
  );
}

/**
 * The seeds' "all" filter: the users in three lists, with a subscription, without, expired, each
 * with its count, under the search in use.
 */
export function UserGroups({ small }: { small: boolean }) {
  const { filterValues } = useListContext();
  const { segment: _all, ...others } = filterValues as { segment?: string };
  const searched = JSON.stringify(others);
  // The same object while the search is the same, so that the groups' queries stay as they are.
  const filter = useMemo(() => JSON.parse(searched) as FilterPayload, [searched]);
  return (
    <>
      {GROUPS.map((segment) => (
        <UserGroup key={segment} segment={segment} filter={filter} small={small} />
      ))}
    </>
  );
}
