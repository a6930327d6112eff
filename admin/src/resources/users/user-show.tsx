import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import {
  BooleanField,
  DataTable,
  DateField,
  EditButton,
  FunctionField,
  Show,
  SimpleShowLayout,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ShowActions } from '../../components/show-actions';
import { RelatedRecords } from '../../components/related-records';
import { SectionCard } from '../../components/section-card';
import { HistoryAside, withAsideLayout } from '../../history/history-aside';
import { useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { useShopTime } from '../../lib/shop-time';
import { InquiryStatusChip } from '../inquiries/inquiry-status-chip';
import { RecordInvoices } from '../invoices/record-invoices';
import { AssignSubscriptionButton } from './assign-subscription-button';
import { EraseUserButton } from './erase-user-button';
import { UserAvatar } from './user-avatar';
import { UserRoles } from './user-roles';
import { UserSegmentChip } from './user-segment-chip';
import { UserSubscriptions } from './user-subscriptions';
import { UserTitle } from './user-title';
import { displayName, personal, type User } from './user-vocabulary';

function UserShowActions() {
  const user = useRecordContext<User>();
  return (
    <ShowActions>
      {/* An erased person's page is there to be read: nothing is given to them or changed any more. */}
      {user && !user.erasedAt && (
        <>
          <AssignSubscriptionButton />
          <EditButton />
          <EraseUserButton />
        </>
      )}
    </ShowActions>
  );
}

/** An erased person's page says so first, in the operator's language. */
function ErasedNotice() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const shopTime = useShopTime();
  if (!user?.erasedAt) return null;
  const date = shopTime(user.erasedAt);
  return <Alert severity="info">{translate('shop.users.erased.notice', { date })}</Alert>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionCard id={id} title={title}>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
    </SectionCard>
  );
}

function UserHeader() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <UserAvatar user={user} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="p" sx={{ color: user.fullName.trim() ? 'inherit' : 'text.secondary' }}>
          {displayName(user, translate)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {personal(user.email, translate)}
        </Typography>
      </Box>
      <UserSegmentChip />
    </Box>
  );
}

/** One customer: who they are, what they bought (with the credentials given), what they wrote to us. */
export function UserShow() {
  const translate = useTranslate();
  const { locale, dateLocale } = useLocales();
  // On a phone, a customer's subscriptions read as a list, not a table scrolled sideways.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Show<User>
      actions={<UserShowActions />}
      title={<UserTitle />}
      component="div"
      aside={<HistoryAside of="users" />}
      sx={withAsideLayout}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <ErasedNotice />
        <Card>
          <CardContent>
            <UserHeader />
            <SimpleShowLayout
              sx={{ px: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 0 }}
            >
              <FunctionField<User> source="roles" render={(user) => <UserRoles user={user} />} />
              <FunctionField<User>
                source="totalSpentCents"
                render={(user) => formatCents(user.totalSpentCents, 'EUR', locale)}
              />
              <DateField source="createdAt" showTime locales={dateLocale} />
              <DateField source="lastSignInAt" showTime locales={dateLocale} emptyText="shop.empty" />
              <BooleanField source="twoFactorEnabled" />
            </SimpleShowLayout>
          </CardContent>
        </Card>

        <Section id="user-subscriptions" title={translate('shop.users.sections.subscriptions')}>
          <UserSubscriptions small={small} />
        </Section>

        <Section id="user-invoices" title={translate('shop.invoices.section')}>
          <RecordInvoices target="userId" />
        </Section>

        <Section id="user-inquiries" title={translate('shop.users.sections.inquiries')}>
          <RelatedRecords
            reference="inquiries"
            target="userId"
            sort={{ field: 'receivedAt', order: 'DESC' }}
            empty="shop.users.sections.noInquiries"
          >
            <DataTable rowClick="show" bulkActionButtons={false}>
              <DataTable.Col source="receivedAt" label="resources.inquiries.fields.receivedAt">
                <DateField source="receivedAt" showTime locales={dateLocale} />
              </DataTable.Col>
              <DataTable.Col
                source="kind"
                label="resources.inquiries.fields.kind"
                render={(inquiry: { kind: string }) =>
                  translate(`shop.inquiries.kinds.${inquiry.kind}`, { _: inquiry.kind })
                }
              />
              <DataTable.Col source="status" label="resources.inquiries.fields.status">
                <InquiryStatusChip />
              </DataTable.Col>
              <DataTable.Col source="subject" label="resources.inquiries.fields.subject" disableSort />
            </DataTable>
          </RelatedRecords>
        </Section>
      </Box>
    </Show>
  );
}
