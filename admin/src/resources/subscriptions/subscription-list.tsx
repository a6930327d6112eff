import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  DateField,
  NullableBooleanInput,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DayFirstDateInput } from '../../components/day-first-date-input';
import { nowrap, ResponsiveList, withSearch } from '../../components/responsive-list';
import { useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { AutoRenewChips, renewalFailed } from './automatic-renewal';
import { CredentialsStateChip } from './credentials-state-chip';
import { CustomerField } from './customer-field';
import { CustomerRequestChips, refundWaiting } from './customer-requests';
import { ChangeStatusButton, VoidSubscriptionButton } from './subscription-actions';
import { SubscriptionBulkActions } from './subscription-bulk-actions';
import { SubscriptionCounters } from './subscription-counters';
import { ExportSubscriptionsButton } from './subscription-export';
import { SubscriptionStatusChip } from './subscription-status-chip';
import { statusChoices, WAITING_FOR_CREDENTIALS, type Subscription } from './subscription-vocabulary';
import { SelectableBody } from '../../components/selectable-body';

/** The renewal filters' labels are longer than the others': wide enough to read them whole. */
const renewalFilterSx = { minWidth: 220 } as const;

const filters = withSearch(
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
  <NullableBooleanInput
    key="customerCancelled"
    source="customerCancelled"
    trueLabel="shop.subscriptions.requests.cancelled"
    falseLabel="shop.subscriptions.requests.notCancelled"
    nullLabel="shop.subscriptions.requests.anyCancellation"
    alwaysOn
  />,
  <NullableBooleanInput
    key="refundRequested"
    source="refundRequested"
    trueLabel="shop.subscriptions.requests.refundRequested"
    falseLabel="shop.subscriptions.requests.noRefundRequest"
    nullLabel="shop.subscriptions.requests.anyRefund"
    alwaysOn
  />,
  <NullableBooleanInput
    key="autoRenew"
    source="autoRenew"
    trueLabel="shop.subscriptions.autoRenew.on"
    falseLabel="shop.subscriptions.autoRenew.off"
    nullLabel="shop.subscriptions.autoRenew.any"
    sx={renewalFilterSx}
    alwaysOn
  />,
  <NullableBooleanInput
    key="renewalFailed"
    source="renewalFailed"
    trueLabel="shop.subscriptions.autoRenew.failed"
    falseLabel="shop.subscriptions.autoRenew.notFailed"
    nullLabel="shop.subscriptions.autoRenew.any"
    sx={renewalFilterSx}
    alwaysOn
  />,
  // The instants the dashboard's work queue filters by, shown when one of its links is followed.
  ...(['createdBefore', 'paidBefore', 'expiresAfter', 'expiresBefore'] as const).map((source) => (
    <DayFirstDateInput key={source} source={source} withTime helperText={false} />
  )),
);

function SubscriptionListActions() {
  return (
    <TopToolbar>
      <ExportSubscriptionsButton />
    </TopToolbar>
  );
}

/** When the subscription is charged next for its automatic renewal, under its chips; nothing when it is not. */
function NextCharge() {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  const subscription = useRecordContext<Subscription>();
  if (!subscription?.nextChargeAt) return null;
  return (
    <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mt: 0.5, whiteSpace: 'nowrap' }}>
      {translate('shop.subscriptions.autoRenew.nextCharge')}{' '}
      <DateField source="nextChargeAt" locales={dateLocale} variant="caption" />
    </Typography>
  );
}

/** The row's actions: change the status, void. */
function RowActions() {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <ChangeStatusButton compact />
      <VoidSubscriptionButton compact />
    </Box>
  );
}

/** On a phone: one line per subscription, its page for the rest (react-admin's SimpleList). */
function SubscriptionSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<Subscription>
      linkType="show"
      primaryText={(subscription) => subscription.customerName || subscription.customerEmail || subscription.planName}
      secondaryText={(subscription) =>
        [
          subscription.planName,
          translate(`shop.subscriptions.statuses.${subscription.status}`),
          ...(subscription.status === 'active' && !subscription.credentialsId
            ? [translate('shop.subscriptions.credentials.missing')]
            : []),
          ...(refundWaiting(subscription) ? [translate('shop.subscriptions.requests.refundRequested')] : []),
          ...(subscription.customerCancelledAt ? [translate('shop.subscriptions.requests.cancelled')] : []),
          ...(renewalFailed(subscription) ? [translate('shop.subscriptions.autoRenew.failed')] : []),
        ].join(' · ')
      }
      tertiaryText={(subscription) => formatCents(subscription.totalCents, subscription.currency, locale)}
    />
  );
}

/**
 * Every customer's subscriptions, under the tab's four counters. It opens on the operator's to-do
 * list, the paid subscriptions that still wait for their credentials; the filters widen it.
 */
export function SubscriptionList() {
  const { locale, dateLocale } = useLocales();
  return (
    <ResponsiveList
      filters={filters}
      filterDefaultValues={WAITING_FOR_CREDENTIALS}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={<SubscriptionListActions />}
      header={
        <Box sx={{ px: 2 }}>
          <SubscriptionCounters />
        </Box>
      }
      phone={<SubscriptionSimpleList />}
    >
      {/* Thirteen columns: cells half as padded on their sides, so the table fits a 1440 px screen. */}
      <DataTable<Subscription>
        rowClick="show"
        bulkActionButtons={<SubscriptionBulkActions />}
        body={SelectableBody}
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        {/* Wide enough for a name and an e-mail on a few lines; the other columns are short. */}
        <DataTable.Col
          source="customerEmail"
          label="resources.subscriptions.fields.customer"
          cellSx={() => ({ minWidth: 140 })}
        >
          <CustomerField />
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
        <DataTable.Col label="resources.subscriptions.fields.customerRequests" disableSort>
          <CustomerRequestChips />
        </DataTable.Col>
        {/* Whether it renews itself, and when it is charged next: one column, so the table fits a 1440 px screen. */}
        <DataTable.Col source="autoRenew" disableSort>
          <AutoRenewChips />
          <NextCharge />
        </DataTable.Col>
        <DataTable.Col source="renewalCount" align="right" />
        <DataTable.Col label="shop.subscriptions.actions" disableSort align="right">
          <RowActions />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}
