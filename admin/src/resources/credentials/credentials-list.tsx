import Box from '@mui/material/Box';
import {
  DataTable,
  ReferenceInput,
  SelectInput,
  SimpleList,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { StatCounters } from '../../dashboard/stat-counters';
import { useAdminStats } from '../../dashboard/use-admin-stats';
import { ResponsiveList, dateTimeColumn, withSearch } from '../../components/responsive-list';
import { MASKED_PASSWORD, servedCount, type CredentialsSummary } from './credentials-vocabulary';

const filters = withSearch(
  <ReferenceInput key="planId" source="planId" reference="plans" alwaysOn>
    <SelectInput optionText="name" label="resources.credentials.fields.planId" />
  </ReferenceInput>,
);

/** The Credentials tab's three counters (sets, distinct plans, distinct login e-mails), asked again with the list. */
function CredentialsCounters() {
  const { data } = useListContext();
  const { stats } = useAdminStats(data);
  const figures = stats?.credentials;
  return (
    <Box sx={{ px: 2 }}>
      <StatCounters
        label="shop.credentials.counters.label"
        counters={[
          { label: 'shop.credentials.counters.total', value: figures?.total },
          { label: 'shop.credentials.counters.plans', value: figures?.plans },
          { label: 'shop.credentials.counters.logins', value: figures?.logins },
        ]}
      />
    </Box>
  );
}

/** The stored sets, plan by plan; the password stays on the server until a set is opened and revealed. */
export function CredentialsList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <ResponsiveList
      filters={filters}
      sort={{ field: 'planName', order: 'ASC' }}
      exporter={false}
      header={<CredentialsCounters />}
      phone={
        <SimpleList<CredentialsSummary>
          linkType="show"
          primaryText={(set) => set.planName}
          secondaryText={(set) => set.email}
          tertiaryText={(set) => servedCount(translate, set.assignedCount)}
        />
      }
    >
      <DataTable<CredentialsSummary> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="planName" />
        <DataTable.Col source="email" />
        <DataTable.Col
          source="password"
          disableSort
          render={(set) => (
            <Box
              component="span"
              aria-label={translate(set.hasPassword ? 'shop.credentials.passwordHidden' : 'shop.empty')}
              sx={{ letterSpacing: '0.1em', color: 'text.secondary' }}
            >
              {set.hasPassword ? MASKED_PASSWORD : '—'}
            </Box>
          )}
        />
        <DataTable.Col
          source="assignedCount"
          disableSort
          align="right"
          render={(set) => servedCount(translate, set.assignedCount)}
        />
        {dateTimeColumn('updatedAt', locale)}
      </DataTable>
    </ResponsiveList>
  );
}
