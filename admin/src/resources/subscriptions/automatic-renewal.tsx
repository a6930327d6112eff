import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { DateField, FunctionField, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { IconChip, OnOffChip, TINTS } from '../../components/record-chips';
import { SectionCard } from '../../components/section-card';
import { useLocales } from '../../i18n/i18n-provider';
import type { Subscription } from './subscription-vocabulary';

/** A declined automatic charge for the current period: the customer was e-mailed a link to pay by hand. */
export const renewalFailed = (subscription: Pick<Subscription, 'renewalFailedAt'>) =>
  subscription.renewalFailedAt !== null;

/** Whether it renews itself ("Auto" / "Manuel"), and a red-tinted marker when its automatic charge was declined. */
export function AutoRenewChips() {
  const subscription = useRecordContext<Subscription>();
  if (!subscription) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <OnOffChip
        on={subscription.autoRenew}
        onLabel="shop.subscriptions.autoRenew.on"
        offLabel="shop.subscriptions.autoRenew.off"
      />
      {renewalFailed(subscription) && <RenewalFailedChip />}
    </Box>
  );
}

export const RenewalFailedChip = () => (
  <IconChip icon={<SyncProblemIcon />} label="shop.subscriptions.autoRenew.failed" tint={TINTS.orange} loud />
);

/**
 * Where its automatic renewal stands: on or off, the method kept, the next charge, how many renewals
 * were paid, and a declined charge with when it is tried again (or that it ends at its expiry).
 */
export function AutomaticRenewalCard() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  if (!subscription) return null;
  return (
    <SectionCard id="subscription-renewal-title" title={translate('shop.subscriptions.autoRenew.title')} flush>
      {renewalFailed(subscription) && (
        <Alert severity="warning" sx={{ mx: 2, mt: 1 }}>
          {subscription.renewalRetryAt
            ? translate('shop.subscriptions.autoRenew.failedRetry', {
                date: new Intl.DateTimeFormat(dateLocale, { dateStyle: 'long', timeStyle: 'short' }).format(
                  new Date(subscription.renewalRetryAt),
                ),
              })
            : translate('shop.subscriptions.autoRenew.failedEnds')}
        </Alert>
      )}
      <SimpleShowLayout>
        <FunctionField<Subscription> source="autoRenew" render={() => <AutoRenewChips />} />
        <TextField source="paymentMethod" emptyText="shop.empty" />
        <DateField source="nextChargeAt" showTime locales={dateLocale} emptyText="shop.empty" />
        <FunctionField<Subscription> source="renewalCount" render={(record) => String(record.renewalCount)} />
        <DateField source="renewalFailedAt" showTime locales={dateLocale} emptyText="shop.empty" />
        <DateField source="renewalRetryAt" showTime locales={dateLocale} emptyText="shop.empty" />
      </SimpleShowLayout>
    </SectionCard>
  );
}
