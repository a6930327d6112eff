import { DataTable, DateField, SearchInput, SelectInput, SimpleList, useLocaleState, useTranslate } from 'react-admin';
import { nowrap, ResponsiveList } from '../../components/responsive-list';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { InquiryBulkActions } from './inquiry-bulk-actions';
import { InquiryStatusChip } from './inquiry-status-chip';
import { summaryOf } from './inquiry-summary';
import { kindChoices, statusChoices, type Inquiry } from './inquiry-vocabulary';
import { SelectableBody } from '../../components/selectable-body';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** The operator's inbox: every form a visitor sent, newest first. */
export function InquiryList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const kindOf = (inquiry: Inquiry) => translate(`shop.inquiries.kinds.${inquiry.kind}`, { _: inquiry.kind });
  const senderOf = (inquiry: Inquiry) => [inquiry.name, inquiry.companyName].filter(Boolean).join(' — ');
  const receivedOn = (inquiry: Inquiry) =>
    new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(inquiry.receivedAt),
    );
  return (
    <ResponsiveList
      filters={filters}
      sort={{ field: 'receivedAt', order: 'DESC' }}
      exporter={false}
      phone={
        <SimpleList<Inquiry>
          linkType="show"
          primaryText={(inquiry) => `${kindOf(inquiry)} · ${senderOf(inquiry) || inquiry.email}`}
          secondaryText={(inquiry) => [receivedOn(inquiry), summaryOf(inquiry)].filter(Boolean).join(' — ')}
          tertiaryText={(inquiry) => translate(`shop.inquiries.statuses.${inquiry.status}`, { _: inquiry.status })}
        />
      }
    >
      <DataTable<Inquiry> rowClick="show" bulkActionButtons={<InquiryBulkActions />} body={SelectableBody}>
        <DataTable.Col source="receivedAt" cellSx={nowrap}>
          <DateField source="receivedAt" showTime locales={intlLocaleOf(locale)} />
        </DataTable.Col>
        <DataTable.Col source="kind" render={kindOf} />
        <DataTable.Col source="status">
          <InquiryStatusChip />
        </DataTable.Col>
        <DataTable.Col source="email" />
        <DataTable.Col source="name" label="resources.inquiries.fields.sender" render={senderOf} />
        <DataTable.Col source="subject" render={summaryOf} />
      </DataTable>
    </ResponsiveList>
  );
}
