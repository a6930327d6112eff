import { DataTable, DateField, useLocaleState } from 'react-admin';
import { RelatedRecords } from '../../components/related-records';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { InvoiceKindChip } from './invoice-kind-chip';
import type { Invoice } from './invoice-vocabulary';

/**
 * The invoices and credit notes of the record on the page, the latest number first: a customer's
 * (`target="userId"`) or a subscription's (`target="subscriptionId"`); a row opens the document.
 */
export function RecordInvoices({ target }: { target: 'userId' | 'subscriptionId' }) {
  const [locale] = useLocaleState();
  return (
    <RelatedRecords<Invoice>
      reference="invoices"
      target={target}
      sort={{ field: 'number', order: 'DESC' }}
      empty="shop.invoices.none"
    >
      <DataTable<Invoice> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="number" label="resources.invoices.fields.number" />
        <DataTable.Col source="kind" label="resources.invoices.fields.kind" disableSort>
          <InvoiceKindChip />
        </DataTable.Col>
        <DataTable.Col source="issuedAt" label="resources.invoices.fields.issuedAt">
          <DateField source="issuedAt" locales={intlLocaleOf(locale)} />
        </DataTable.Col>
        <DataTable.Col
          source="grossCents"
          label="resources.invoices.fields.grossCents"
          disableSort
          align="right"
          render={(invoice) => formatCents(invoice.grossCents, invoice.currency, locale)}
        />
      </DataTable>
    </RelatedRecords>
  );
}
