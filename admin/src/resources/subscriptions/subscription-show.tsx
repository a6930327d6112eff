import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  DateField,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { paymentIssueText, paymentMethodName } from '../../components/payment-method';
import { SectionCard } from '../../components/section-card';
import { ShowActions } from '../../components/show-actions';
import { RecordInvoices } from '../invoices/record-invoices';
import { HistoryAside, withAsideLayout } from '../../history/history-aside';
import { useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { useShopTime } from '../../lib/shop-time';
import { AssignCredentialsButton } from './assign-credentials-button';
import { AutomaticRenewalCard } from './automatic-renewal';
import { CredentialsStateChip } from './credentials-state-chip';
import { CustomerField } from './customer-field';
import { CustomerRequestNotices } from './customer-requests';
import { RefundButton } from './refund-button';
import { SubscriptionMoneyCard } from './subscription-money-card';
import { ChangeStatusButton, ReactivateButton, VoidSubscriptionButton } from './subscription-actions';
import { SubscriptionStatusChip } from './subscription-status-chip';
import { SubscriptionTitle } from './subscription-title';
import { statusReasonText, type Subscription } from './subscription-vocabulary';

function SubscriptionShowActions() {
  const subscription = useRecordContext<Subscription>();
  return (
    <ShowActions sx={{ flexWrap: 'wrap', gap: 1 }}>
      {/* A voided subscription no longer changes: its page is there to be read. */}
      {subscription && !subscription.voidedAt && (
        <>
          <ReactivateButton />
          <ChangeStatusButton />
          <RefundButton />
          <VoidSubscriptionButton />
        </>
      )}
    </ShowActions>
  );
}

/** A voided subscription's page says so first: when, why, and that it counts nowhere any more. */
function VoidedNotice() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const shopTime = useShopTime();
  if (!subscription?.voidedAt) return null;
  const date = shopTime(subscription.voidedAt);
  return (
    <Alert severity="warning" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
      <AlertTitle>
        {translate('shop.subscriptions.void.voided', { date, reason: subscription.voidReason ?? '' })}
      </AlertTitle>
      {translate('shop.subscriptions.void.voidedHelp')}
    </Alert>
  );
}

/** Which set the customer reads on /product-access, and the way to give (or replace) one. */
function CredentialsCard() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  const hint =
    subscription.status !== 'active'
      ? 'shop.subscriptions.assign.onlyActive'
      : subscription.credentialsId
        ? 'shop.subscriptions.assign.replaceHelp'
        : 'shop.subscriptions.assign.waiting';
  return (
    <SectionCard id="subscription-credentials-title" title={translate('resources.subscriptions.fields.credentials')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
        <CredentialsStateChip />
        {subscription.credentialsId && (
          <ReferenceField source="credentialsId" reference="credentials" link="show" emptyText="shop.empty">
            <TextField source="email" />
          </ReferenceField>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {translate(hint)}
      </Typography>
      <AssignCredentialsButton />
    </SectionCard>
  );
}

/** One subscription: the order on the left; the customer and their credentials on the right. */
export function SubscriptionShow() {
  const translate = useTranslate();
  const { locale, dateLocale } = useLocales();
  return (
    <Show<Subscription>
      actions={<SubscriptionShowActions />}
      title={<SubscriptionTitle />}
      component="div"
      aside={<HistoryAside of="subscriptions" />}
      sx={withAsideLayout}
    >
      <VoidedNotice />
      <CustomerRequestNotices />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', xl: '3fr 2fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <SectionCard id="subscription-order-title" title={translate('shop.subscriptions.order')} flush>
            <SimpleShowLayout>
              <TextField source="planName" />
              <FunctionField<Subscription> source="status" render={() => <SubscriptionStatusChip />} />
              <FunctionField<Subscription>
                source="statusReason"
                render={(subscription) =>
                  statusReasonText(subscription.statusReason, translate) ?? translate('shop.empty')
                }
              />
              <FunctionField<Subscription>
                source="months"
                render={(subscription) =>
                  translate('shop.subscriptions.monthCount', { smart_count: subscription.months })
                }
              />
              <FunctionField<Subscription>
                source="totalCents"
                render={(subscription) => formatCents(subscription.totalCents, subscription.currency, locale)}
              />
              <FunctionField<Subscription>
                source="discountCents"
                render={(subscription) =>
                  subscription.discountCents > 0
                    ? `${formatCents(subscription.discountCents, subscription.currency, locale)}${subscription.promoCode ? ` (${subscription.promoCode})` : ''}`
                    : translate('shop.empty')
                }
              />
              <FunctionField<Subscription>
                source="renewedCents"
                render={(subscription) => formatCents(subscription.renewedCents, subscription.currency, locale)}
              />
              <DateField source="createdAt" showTime locales={dateLocale} />
              <DateField source="paidAt" showTime locales={dateLocale} emptyText="shop.empty" />
              <DateField source="lastPaymentAt" showTime locales={dateLocale} emptyText="shop.empty" />
              <DateField source="expiresAt" showTime locales={dateLocale} emptyText="shop.empty" />
              <FunctionField<Subscription>
                source="provider"
                render={(subscription) => paymentMethodName(translate, subscription.provider)}
              />
              <TextField source="paymentReference" emptyText="shop.empty" />
              <FunctionField<Subscription>
                source="lastPaymentIssue"
                render={(subscription) => paymentIssueText(translate, subscription.lastPaymentIssue)}
              />
              <TextField source="id" />
            </SimpleShowLayout>
          </SectionCard>
          <SubscriptionMoneyCard />
          <SectionCard id="subscription-invoices-title" title={translate('shop.invoices.section')}>
            <Box sx={{ overflowX: 'auto' }}>
              <RecordInvoices target="subscriptionId" />
            </Box>
          </SectionCard>
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <SectionCard
            id="subscription-customer-title"
            title={translate('resources.subscriptions.fields.customer')}
            flush
          >
            <CardContent>
              <CustomerField />
            </CardContent>
          </SectionCard>
          <AutomaticRenewalCard />
          <CredentialsCard />
        </Box>
      </Box>
    </Show>
  );
}
