import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import {
  DataTable,
  DateField,
  RecordContextProvider,
  ReferenceField,
  TextField,
  useCreatePath,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { RelatedRecords } from '../../components/related-records';
import { RowDialogHost } from '../../components/row-dialog-host';
import { Link } from 'react-router-dom';
import { intlLocaleOf, useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { VoidSubscriptionButton } from '../subscriptions/subscription-actions';
import { SubscriptionStatusChip } from '../subscriptions/subscription-status-chip';
import type { Subscription } from '../subscriptions/subscription-vocabulary';

/**
 * On a phone: a line per subscription opening its page, its delete button beside the line rather
 * than inside it (a button inside a link is neither valid nor reachable).
 */
function SubscriptionLines() {
  const { data } = useListContext<Subscription>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const dateLocale = intlLocaleOf(locale);
  return (
    <List disablePadding>
      {data?.map((subscription) => (
        <RecordContextProvider key={subscription.id} value={subscription}>
          <ListItem
            disablePadding
            secondaryAction={<VoidSubscriptionButton compact label="shop.subscriptions.void.title" />}
          >
            <ListItemButton
              component={Link}
              to={createPath({ resource: 'subscriptions', id: subscription.id, type: 'show' })}
            >
              <ListItemText
                primary={subscription.planName}
                secondary={[
                  translate(`shop.subscriptions.statuses.${subscription.status}`),
                  formatCents(subscription.totalCents, subscription.currency, locale),
                  subscription.expiresAt ? new Date(subscription.expiresAt).toLocaleDateString(dateLocale) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

/**
 * A customer's subscriptions, newest first, each with the seeds' delete: the subscriptions tab's
 * void, with its confirmation and reason. A voided one leaves the list and the customer's figures.
 */
export function UserSubscriptions({ small }: { small: boolean }) {
  const { locale, dateLocale } = useLocales();
  return (
    <RelatedRecords
      reference="subscriptions"
      target="userId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty="shop.users.noSubscription"
    >
      {/* The rows' dialogs are kept above the rows, which a change of layout remounts. */}
      <RowDialogHost>
        {small ? (
          <SubscriptionLines />
        ) : (
          // Narrower cells than react-admin's: the page's history stands beside it on a wide screen,
          // and the delete at the row's end must show without scrolling sideways.
          <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
            <DataTable.Col source="planName" label="resources.subscriptions.fields.planName" />
            <DataTable.Col source="status" label="resources.subscriptions.fields.status">
              <SubscriptionStatusChip />
            </DataTable.Col>
            <DataTable.Col
              source="totalCents"
              label="resources.subscriptions.fields.totalCents"
              align="right"
              render={(s: { totalCents: number; currency: string }) => formatCents(s.totalCents, s.currency, locale)}
            />
            <DataTable.Col source="expiresAt" label="resources.subscriptions.fields.expiresAt">
              <DateField source="expiresAt" locales={dateLocale} emptyText="—" />
            </DataTable.Col>
            <DataTable.Col source="credentialsId" label="shop.users.sections.credentials" disableSort>
              <ReferenceField source="credentialsId" reference="credentials" link="show" emptyText="—">
                <TextField source="email" />
              </ReferenceField>
            </DataTable.Col>
            <DataTable.Col label="shop.subscriptions.actions" disableSort align="right">
              <VoidSubscriptionButton compact label="shop.subscriptions.void.title" />
            </DataTable.Col>
          </DataTable>
        )}
      </RowDialogHost>
    </RelatedRecords>
  );
}
