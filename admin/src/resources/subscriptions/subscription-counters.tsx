import { useListContext } from 'react-admin';
import { StatCounters } from '../../dashboard/stat-counters';
import { useAdminStats } from '../../dashboard/use-admin-stats';

/**
 * The Subscriptions tab's four counters (total, with credentials, without, active), from the
 * dashboard's figures; asked again whenever the list below is. Each filters the list to what it counts.
 */
export function SubscriptionCounters() {
  const { data, filterValues, setFilters } = useListContext();
  const { stats } = useAdminStats(data);
  const figures = stats?.subscriptions;
  const { status, hasCredentials, ...others } = filterValues as Record<string, unknown>;
  // A click shows the rows the counter counts; the search typed meanwhile stays.
  const counter = (label: string, value: number | undefined, filter: Record<string, unknown>) => ({
    label: `shop.subscriptions.counters.${label}`,
    value,
    selected: status === filter.status && hasCredentials === filter.hasCredentials,
    onSelect: () => setFilters({ ...others, ...filter }),
  });
  return (
    <StatCounters
      label="shop.subscriptions.counters.label"
      counters={[
        counter('total', figures?.total, {}),
        counter('withCredentials', figures?.withCredentials, { hasCredentials: true }),
        counter('withoutCredentials', figures?.withoutCredentials, { hasCredentials: false }),
        counter('active', figures?.active, { status: 'active' }),
      ]}
    />
  );
}
