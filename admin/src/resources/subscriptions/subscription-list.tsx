import Box from '@mui/material/Box';
import {
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { CredentialsStateChip } from './credentials-state-chip';
import { SubscriptionStatusChip } from './subscription-status-chip';
import { statusChoices, WAITING_FOR_CREDENTIALS, type Subscription } from './subscription-vocabulary';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <ReferenceInput key="planId" source="planId" reference="plans" alwaysOn>
    <SelectInput optionText="name" label="resources.subscriptions.fields.planId" />
  </ReferenceInput>,
  <NullableBooleanInput
    key="hasCredentials"
    source="hasCredentials"
    trueLabel="shop.subscriptions.credentials.with"
    falseLabel="shop.subscriptions.credentials.without"
    nullLabel="shop.subscriptions.credentials.all"
    alwaysOn
  />,
];

/** Name above e-mail, so the operator recognises the customer either way. */
function Customer() {
  const subscription = useRecordContext<Subscription>();
  if (!subscription) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {subscription.customerName && <span>{subscription.customerName}</span>}
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
        {subscription.customerEmail ?? subscription.userId}
      </Box>
    </Box>
  );
}

/**
 * Every customer's subscriptions. It opens on the operator's to-do list, the paid subscriptions that
 * still wait for their credentials; the filters widen it.
 */
export function SubscriptionList() {
  const [locale] = useLocaleState();
  const dateLocale = intlLocaleOf(locale);
  const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;
  return (
    <List
      filters={filters}
      filterDefaultValues={WAITING_FOR_CREDENTIALS}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <DataTable<Subscription> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="customerEmail" label="resources.subscriptions.fields.customer">
          <Customer />
        </DataTable.Col>
        <DataTable.Col source="planName" />
        <DataTable.Col source="status">
          <SubscriptionStatusChip />
        </DataTable.Col>
        <DataTable.Col
          source="totalCents"
          align="right"
          cellSx={nowrap}
          render={(subscription) => formatCents(subscription.totalCents, subscription.currency, locale)}
        />
        <DataTable.Col source="paidAt" cellSx={nowrap}>
          <DateField source="paidAt" locales={dateLocale} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="expiresAt" cellSx={nowrap}>
          <DateField source="expiresAt" locales={dateLocale} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="credentialsId" label="resources.subscriptions.fields.credentials" disableSort>
          <CredentialsStateChip />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
