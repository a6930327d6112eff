import { DataTable, DateField, SelectInput, SimpleList, useLocaleState, useTranslate } from 'react-admin';
import { DayFirstDateInput } from '../../components/day-first-date-input';
import { nowrap, ResponsiveList, withSearch } from '../../components/responsive-list';
import { useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { InvoiceCustomer } from './invoice-customer';
import { InvoiceKindChip } from './invoice-kind-chip';
import { formatRate, kindChoices, type Invoice } from './invoice-vocabulary';

const filters = withSearch(
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
  <DayFirstDateInput key="from" source="from" alwaysOn />,
  <DayFirstDateInput key="until" source="until" alwaysOn />,
);

/** On a phone: one line per document, its page for the rest. */
function InvoiceSimpleList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<Invoice>
      linkType="show"
      primaryText={(invoice) => `${invoice.number} · ${invoice.customerName}`}
      secondaryText={(invoice) =>
        [
          translate(`shop.invoices.kinds.${invoice.kind}`),
          new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'fr-FR').format(new Date(invoice.issuedAt)),
          invoice.country,
        ].join(' · ')
      }
      tertiaryText={(invoice) => formatCents(invoice.grossCents, invoice.currency, locale)}
    />
  );
}

/** Every invoice and credit note issued, the latest number first; sorted by number or issue date. */
export function InvoiceList() {
  const { locale, dateLocale } = useLocales();
  return (
    <ResponsiveList filters={filters} sort={{ field: 'number', order: 'DESC' }} phone={<InvoiceSimpleList />}>
      <DataTable<Invoice> rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="number" cellSx={nowrap} />
        <DataTable.Col source="kind" disableSort>
          <InvoiceKindChip />
        </DataTable.Col>
        <DataTable.Col source="issuedAt" cellSx={nowrap}>
          <DateField source="issuedAt" locales={dateLocale} />
        </DataTable.Col>
        <DataTable.Col source="customerName" label="resources.invoices.fields.customer" disableSort>
          <InvoiceCustomer />
        </DataTable.Col>
        <DataTable.Col source="country" disableSort />
        <DataTable.Col
          source="vatRate"
          disableSort
          align="right"
          cellSx={nowrap}
          render={(invoice) => formatRate(invoice.vatRate, locale)}
        />
        {(['netCents', 'vatCents', 'grossCents'] as const).map((amount) => (
          <DataTable.Col
            key={amount}
            source={amount}
            disableSort
            align="right"
            cellSx={nowrap}
            render={(invoice) => formatCents(invoice[amount], invoice.currency, locale)}
          />
        ))}
      </DataTable>
    </ResponsiveList>
  );
}
