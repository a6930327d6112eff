import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PaymentProviders, PaymentSyncResult } from '@shop/contracts';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { fetchForEffect, httpClient } from '../lib/http-client';
import { formatCents } from '../lib/money';
import { ToolPage } from '../components/tool-page';

/** Whether the problem says Stripe is off: the route answers 422 `payment.provider_unavailable` then. */
const stripeIsOff = (error: unknown) =>
  error instanceof HttpError && (error.body as { code?: unknown } | null)?.code === 'payment.provider_unavailable';

/** The payments found at Stripe that the shop could not settle, under a title; nothing when there are none. */
function PaymentsWarning({
  title,
  payments,
}: {
  title: string;
  payments: PaymentSyncResult['mismatches'] | PaymentSyncResult['unmatched'];
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (payments.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {translate(title)}:{' '}
      {payments
        .map((payment) => `${payment.sessionId} (${formatCents(payment.amountCents, payment.currency, locale)})`)
        .join(', ')}
    </Alert>
  );
}

/**
 * The sync tab: the missed card payments of one customer, found at Stripe and fulfilled
 * (POST /api/admin/payments/sync). A second run syncs nothing: the server only fulfils orders
 * still waiting for their money.
 */
export function SyncPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  /** The server's refusal of the last run, worded in the operator's language; the e-mail typed stays. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<PaymentSyncResult | null>(null);

  // Said at once when Stripe is off (the checkout's own list of enabled providers), not at the first attempt.
  useEffect(
    () =>
      fetchForEffect(
        '/api/payments/providers',
        (json) => {
          const enabled = (json as PaymentProviders).data.some((provider) => provider.name === 'stripe');
          setUnavailable(!enabled);
        },
        () => undefined,
      ),
    [],
  );

  const sync = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed === '') {
      setEmailError(translate('shop.sync.emptyEmail'));
      notify('shop.sync.emptyEmail', { type: 'error' });
      return;
    }
    setEmailError(null);
    setRefusal(null);
    setRunning(true);
    try {
      const { json } = await httpClient('/api/admin/payments/sync', {
        method: 'POST',
        body: JSON.stringify({ email: trimmed }),
      });
      const answer = json as PaymentSyncResult;
      setResult(answer);
      setUnavailable(false);
      notify('shop.sync.synced', { type: 'success', messageArgs: { smart_count: answer.count } });
    } catch (error) {
      setResult(null);
      if (stripeIsOff(error)) {
        setUnavailable(true);
        setRefusal(translate('shop.sync.notConfigured'));
        return;
      }
      const message = error instanceof Error ? translate(error.message, { _: error.message }) : '';
      notify(message ? translate('shop.sync.error', { message }) : 'shop.sync.failed', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <ToolPage title="shop.sync.title" explanation="shop.sync.explanation" maxWidth="60rem">
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {unavailable && !refusal && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('shop.sync.unavailable')}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={sync}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label={translate('shop.sync.email')}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError !== null}
          helperText={emailError ?? ' '}
          sx={{ flex: '1 1 18rem' }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SyncIcon />}
          disabled={running}
          sx={{ mt: 1, minHeight: 40 }}
        >
          {translate(running ? 'shop.sync.running' : 'shop.sync.submit')}
        </Button>
      </Box>
      {result && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Typography variant="h6" component="h2">
            {translate('shop.sync.synced', { smart_count: result.count })}
          </Typography>
          {result.payments.length === 0 ? (
            <Typography color="text.secondary">{translate('shop.sync.nothing')}</Typography>
          ) : (
            <List aria-label={translate('shop.sync.results')}>
              {result.payments.map((payment) => (
                <ListItem key={payment.sessionId} divider disableGutters>
                  <ListItemText
                    primary={`${payment.planName} — ${formatCents(payment.amountCents, 'EUR', locale)}`}
                    secondary={`${translate('shop.sync.sessionId')} ${payment.sessionId} · ${date(payment.date)}`}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <PaymentsWarning title="shop.sync.mismatches" payments={result.mismatches} />
          <PaymentsWarning title="shop.sync.unmatched" payments={result.unmatched} />
        </Box>
      )}
    </ToolPage>
  );
}
