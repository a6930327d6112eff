import Box from '@mui/material/Box';
import {
  DateField,
  FunctionField,
  Link,
  Show,
  SimpleShowLayout,
  TextField,
  useCreatePath,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ShowActions } from '../../components/show-actions';
import { paymentMethodName } from '../../components/payment-method';
import { SectionCard } from '../../components/section-card';
import { useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { InvoiceCustomer } from './invoice-customer';
import { InvoiceKindChip } from './invoice-kind-chip';
import { InvoicePdfButton } from './invoice-pdf-button';
import { countryName, formatRate, type Invoice } from './invoice-vocabulary';

function InvoiceShowActions() {
  return (
    <ShowActions>
      <InvoicePdfButton />
    </ShowActions>
  );
}

function InvoiceTitle() {
  const invoice = useRecordContext<Invoice>();
  const translate = useTranslate();
  if (!invoice) return null;
  return <>{translate(`shop.invoices.title.${invoice.kind}`, { number: invoice.number })}</>;
}

/** The subscription the document was issued for, linked to its page. */
function SubscriptionLink() {
  const invoice = useRecordContext<Invoice>();
  const createPath = useCreatePath();
  if (!invoice) return null;
  return (
    <Link to={createPath({ resource: 'subscriptions', id: invoice.subscriptionId, type: 'show' })}>
      {invoice.subscriptionId}
    </Link>
  );
}

/** The invoice a credit note corrects: its number, linked to its page once found by that number. */
function CorrectedInvoiceLink() {
  const invoice = useRecordContext<Invoice>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  const number = invoice?.correctsNumber ?? null;
  const { data } = useGetList<Invoice>(
    'invoices',
    {
      filter: { q: number ?? '', kind: 'invoice' },
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'number', order: 'DESC' },
    },
    { enabled: number !== null },
  );
  if (!invoice) return null;
  if (number === null) return <>{translate('shop.empty')}</>;
  const corrected = data?.find((candidate) => candidate.number === number);
  return corrected ? (
    <Link to={createPath({ resource: 'invoices', id: corrected.id, type: 'show' })}>{number}</Link>
  ) : (
    <>{number}</>
  );
}

/** The document's own fields: the invoice corrected only on a credit note (an invoice corrects nothing). */
function DocumentFields() {
  const invoice = useRecordContext<Invoice>();
  const { locale, dateLocale } = useLocales();
  const money = (cents: number, document: Invoice) => formatCents(cents, document.currency, locale);
  return (
    <SimpleShowLayout>
      <TextField source="number" />
      <FunctionField<Invoice> source="kind" render={() => <InvoiceKindChip />} />
      <DateField source="issuedAt" showTime locales={dateLocale} />
      {invoice?.kind === 'credit_note' && (
        <FunctionField<Invoice> source="correctsNumber" render={() => <CorrectedInvoiceLink />} />
      )}
      <FunctionField<Invoice> source="vatRate" render={(document) => formatRate(document.vatRate, locale)} />
      <FunctionField<Invoice> source="netCents" render={(document) => money(document.netCents, document)} />
      <FunctionField<Invoice> source="vatCents" render={(document) => money(document.vatCents, document)} />
      <FunctionField<Invoice> source="grossCents" render={(document) => money(document.grossCents, document)} />
      <TextField source="currency" />
      <TextField source="id" />
    </SimpleShowLayout>
  );
}

/** One invoice or credit note as issued: never changed; its PDF from the toolbar. */
export function InvoiceShow() {
  const translate = useTranslate();
  const { locale, dateLocale } = useLocales();
  return (
    <Show<Invoice> actions={<InvoiceShowActions />} title={<InvoiceTitle />} component="div">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <SectionCard id="invoice-document-title" title={translate('shop.invoices.sections.document')} flush>
          <DocumentFields />
        </SectionCard>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <SectionCard id="invoice-buyer-title" title={translate('shop.invoices.sections.buyer')} flush>
            <SimpleShowLayout>
              <FunctionField<Invoice>
                source="customerName"
                label="resources.invoices.fields.customer"
                render={() => <InvoiceCustomer withCompany={false} />}
              />
              <TextField source="companyName" emptyText="shop.empty" />
              <TextField source="vatNumber" emptyText="shop.empty" />
              <FunctionField<Invoice> source="country" render={(invoice) => countryName(invoice.country, locale)} />
            </SimpleShowLayout>
          </SectionCard>
          <SectionCard id="invoice-sale-title" title={translate('shop.invoices.sections.sale')} flush>
            <SimpleShowLayout>
              <FunctionField<Invoice> source="subscriptionId" render={() => <SubscriptionLink />} />
              <TextField source="planName" />
              <FunctionField<Invoice>
                source="months"
                render={(invoice) => translate('shop.subscriptions.monthCount', { smart_count: invoice.months })}
              />
              <DateField source="periodFrom" locales={dateLocale} />
              <DateField source="periodTo" locales={dateLocale} />
              <FunctionField<Invoice>
                source="provider"
                render={(invoice) => paymentMethodName(translate, invoice.provider)}
              />
              <TextField source="paymentReference" />
              <DateField source="paidAt" showTime locales={dateLocale} />
            </SimpleShowLayout>
          </SectionCard>
        </Box>
      </Box>
    </Show>
  );
}
