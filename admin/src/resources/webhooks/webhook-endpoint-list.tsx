import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import { ChipRow } from '../../components/record-chips';
import { dateTimeColumn, ResponsiveList } from '../../components/responsive-list';
import { useLocales } from '../../i18n/i18n-provider';
import { eventTypeName, type WebhookEndpoint } from './webhook-vocabulary';

/** Active or removed, as a chip. */
export function EndpointStatusChip({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  return endpoint.status === 'active' ? (
    <Chip size="small" color="success" label={translate('shop.webhooks.active')} />
  ) : (
    <Chip size="small" label={translate('shop.webhooks.removed')} />
  );
}

/** The event types an endpoint receives, in words. */
export function EventTypeChips({ types }: { types: readonly string[] }) {
  const translate = useTranslate();
  return <ChipRow items={types} labelOf={(type) => eventTypeName(translate, type)} />;
}

/** When the endpoint was last tried, how it answered, and what waits or failed. */
function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  const last = endpoint.lastDelivery;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">
        {last
          ? `${translate(`shop.webhooks.delivery.statuses.${last.status}`)} · ${new Date(last.at).toLocaleString(dateLocale)}${last.statusCode ? ` · ${last.statusCode}` : ''}`
          : translate('shop.webhooks.never')}
      </Typography>
      {endpoint.pendingDeliveries > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('shop.webhooks.pending', { smart_count: endpoint.pendingDeliveries })}
        </Typography>
      )}
      {endpoint.failedDeliveries > 0 && (
        <Typography variant="caption" color="error">
          {translate('shop.webhooks.failed', { smart_count: endpoint.failedDeliveries })}
        </Typography>
      )}
    </Stack>
  );
}

/** The registered endpoints, removed ones included (their history stays). */
export function WebhookEndpointList() {
  const translate = useTranslate();
  const { locale } = useLocales();
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      phone={
        <SimpleList<WebhookEndpoint>
          linkType="show"
          primaryText={(endpoint) => endpoint.url}
          secondaryText={(endpoint) => endpoint.eventTypes.map((type) => eventTypeName(translate, type)).join(', ')}
          tertiaryText={(endpoint) => translate(`shop.webhooks.${endpoint.status}`)}
        />
      }
    >
      <DataTable<WebhookEndpoint> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="url" cellSx={() => ({ overflowWrap: 'anywhere' })} />
        <DataTable.Col
          source="eventTypes"
          disableSort
          render={(endpoint) => <EventTypeChips types={endpoint.eventTypes} />}
        />
        <DataTable.Col
          source="status"
          disableSort
          render={(endpoint) => <EndpointStatusChip endpoint={endpoint as WebhookEndpoint} />}
        />
        <DataTable.Col
          source="lastDelivery"
          disableSort
          render={(endpoint) => <LastDelivery endpoint={endpoint as WebhookEndpoint} />}
        />
        {dateTimeColumn('createdAt', locale)}
      </DataTable>
    </ResponsiveList>
  );
}
