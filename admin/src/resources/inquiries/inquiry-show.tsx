import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import {
  DateField,
  EditButton,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useTranslate,
} from 'react-admin';
import { ShowActions } from '../../components/show-actions';
import { useLocales } from '../../i18n/i18n-provider';
import { InquiryDetails } from './inquiry-details';
import { InquiryStatusChip } from './inquiry-status-chip';
import { InquiryThread } from './inquiry-thread';
import { InquiryTitle } from './inquiry-title';
import { categoryKey, type Inquiry } from './inquiry-vocabulary';

function InquiryShowActions() {
  return (
    <ShowActions>
      <EditButton label="shop.inquiries.changeStatus" />
    </ShowActions>
  );
}

/** One inquiry: who sent what and when on the left; the rest of the form, then the conversation and the reply, on the right. */
export function InquiryShow() {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  return (
    <Show<Inquiry> actions={<InquiryShowActions />} title={<InquiryTitle />} component="div">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(22rem, 2fr) 3fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Card>
          <SimpleShowLayout>
            <FunctionField<Inquiry>
              source="kind"
              render={(inquiry) => translate(`shop.inquiries.kinds.${inquiry.kind}`, { _: inquiry.kind })}
            />
            <FunctionField<Inquiry> source="status" render={() => <InquiryStatusChip />} />
            <DateField source="receivedAt" showTime locales={dateLocale} />
            <TextField source="email" emptyText="shop.empty" />
            <TextField source="name" emptyText="shop.empty" />
            <TextField source="companyName" emptyText="shop.empty" />
            <TextField source="subject" emptyText="shop.empty" />
            <FunctionField<Inquiry>
              source="category"
              render={(inquiry) => {
                const key = categoryKey(inquiry);
                return key ? translate(key, { _: inquiry.category }) : translate('shop.empty');
              }}
            />
            <FunctionField<Inquiry>
              source="language"
              render={(inquiry) => translate(`shop.languages.${inquiry.language}`, { _: inquiry.language })}
            />
            <ReferenceField source="userId" reference="users" link="show" emptyText="shop.empty" />
            <DateField source="updatedAt" showTime locales={dateLocale} />
            <ReferenceField source="statusChangedBy" reference="users" link="show" emptyText="shop.empty" />
            <TextField source="version" />
            <TextField source="id" />
          </SimpleShowLayout>
        </Card>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <InquiryDetails />
          <InquiryThread />
        </Box>
      </Box>
    </Show>
  );
}
