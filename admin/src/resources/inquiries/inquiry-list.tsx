import { DataTable, DateField, List, SearchInput, SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { InquiryBulkActions } from './inquiry-bulk-actions';
import { InquiryStatusChip } from './inquiry-status-chip';
import { summaryOf } from './inquiry-summary';
import { kindChoices, statusChoices, type Inquiry } from './inquiry-vocabulary';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** The operator's inbox: every form a visitor sent, newest first. */
export function InquiryList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List filters={filters} sort={{ field: 'receivedAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable<Inquiry> rowClick="show" bulkActionButtons={<InquiryBulkActions />}>
        <DataTable.Col source="receivedAt" cellSx={() => ({ whiteSpace: 'nowrap' })}>
          <DateField source="receivedAt" showTime locales={intlLocaleOf(locale)} />
        </DataTable.Col>
        <DataTable.Col
          source="kind"
          render={(inquiry) => translate(`shop.inquiries.kinds.${inquiry.kind}`, { _: inquiry.kind })}
        />
        <DataTable.Col source="status">
          <InquiryStatusChip />
        </DataTable.Col>
        <DataTable.Col source="email" />
        <DataTable.Col
          source="name"
          label="resources.inquiries.fields.sender"
          render={(inquiry) => [inquiry.name, inquiry.companyName].filter(Boolean).join(' — ')}
        />
        <DataTable.Col source="subject" render={summaryOf} />
      </DataTable>
    </List>
  );
}
