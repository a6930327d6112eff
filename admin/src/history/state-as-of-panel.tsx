import type { SubscriptionAsOf } from '@shop/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { SectionCard } from '../components/section-card';
import { InstantForm } from '../lib/instant-form';
import { formatCents } from '../lib/money';
import { useShopTime } from '../lib/shop-time';
import type { ShopDataProvider } from '../providers/data-provider';

/**
 * "État au…": the subscription as it stood at an instant the auditor picks, folded by the server
 * from the events recorded up to then.
 */
export function StateAsOfPanel({ subscriptionId }: { subscriptionId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const asOf = useMutation({ mutationFn: (at: Date) => dataProvider.getSubscriptionAsOf(subscriptionId, at) });
  // The shop's time with its offset, to the second, as the history beside it and shopctl show it.
  const formatDate = useShopTime();

  return (
    <SectionCard id="subscription-as-of-title" title={translate('shop.asOf.title')}>
      <InstantForm
        label={translate('shop.asOf.instant')}
        onPick={(at) => asOf.mutate(at)}
        onBackToNow={asOf.isSuccess ? () => asOf.reset() : undefined}
        busy={asOf.isPending}
      />
      {asOf.isSuccess && asOf.data === null && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('shop.asOf.notYet')}
        </Alert>
      )}
      {asOf.isSuccess && asOf.data && <StateAsOf state={asOf.data} formatDate={formatDate} locale={locale} />}
      {asOf.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate(asOf.error instanceof Error ? asOf.error.message : 'ra.notification.http_error', {
            _: translate('ra.notification.http_error'),
          })}
        </Alert>
      )}
    </SectionCard>
  );
}

function StateAsOf({
  state,
  formatDate,
  locale,
}: {
  state: SubscriptionAsOf;
  formatDate: (iso: string) => string;
  locale: string;
}) {
  const translate = useTranslate();
  const rows: Array<[string, string]> = [
    [translate('resources.subscriptions.fields.status'), translate(`shop.subscriptions.statuses.${state.status}`)],
    [translate('resources.subscriptions.fields.totalCents'), formatCents(state.totalCents, state.currency, locale)],
    [
      translate('resources.subscriptions.fields.expiresAt'),
      state.expiresAt ? formatDate(state.expiresAt) : translate('shop.empty'),
    ],
    [translate('resources.subscriptions.fields.paymentReference'), state.paymentReference ?? translate('shop.empty')],
    [
      translate('resources.subscriptions.fields.credentials'),
      state.credentialsId === null
        ? translate('shop.asOf.noCredentials')
        : state.credentialsVersion === null
          ? translate('shop.asOf.credentialsUnknownVersion', { id: state.credentialsId })
          : translate('shop.asOf.credentials', { id: state.credentialsId, version: state.credentialsVersion }),
    ],
  ];
  return (
    <Box sx={{ mt: 2 }} data-testid="state-as-of">
      <Typography variant="subtitle1" component="h3">
        {translate('shop.asOf.heading', { date: formatDate(state.asOf) })}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {state.refunded && <Chip size="small" color="warning" label={translate('shop.asOf.refunded')} />}
        {state.voided && <Chip size="small" color="error" label={translate('shop.asOf.voided')} />}
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
        {translate('shop.asOf.version', {
          smart_count: state.version,
          type: translate(`shop.eventTypes.${state.lastEventType}`, { _: state.lastEventType }),
          date: formatDate(state.lastEventAt),
        })}
      </Typography>
    </Box>
  );
}
