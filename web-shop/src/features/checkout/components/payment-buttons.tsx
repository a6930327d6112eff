import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/icons';
import type { PaymentStart } from '../hooks/use-payment-start';
import { autoRenewOffered, supportsAutoRenew } from '../lib/auto-renewal';
import { AutoRenewField } from './auto-renew-field';

export interface PaymentButtonsProps {
  /** The total as shown on the buttons, already formatted. */
  total: string;
  /** The providers offered and the one paying; the buttons wait while a promo code is checked. */
  payment: PaymentStart;
  /** The payment is being opened (or the browser is leaving to pay). */
  busy: boolean;
  /**
   * The "renew automatically" choice, offered when a provider shown keeps the payment method; while
   * it is ticked, the providers that cannot (PayPal, Payssion) are not offered. Left out: no choice.
   */
  autoRenew?: { checked: boolean; onChange: (checked: boolean) => void };
  /** Shown after the pay buttons (a way back). */
  children?: ReactNode;
}

/**
 * The submit buttons of a payment form: one per provider offered (the first one prominent), or a
 * single one when one or none is known; a warning when no provider is enabled.
 */
export function PaymentButtons({ total, payment, busy, autoRenew, children }: PaymentButtonsProps) {
  const { t } = useTranslation('checkout');
  const { offered, providersPending, payingWith } = payment;
  const waiting = payment.promo.status === 'checking';
  const renewalChoice = autoRenew && autoRenewOffered(offered) ? autoRenew : null;
  const keepsMethod = renewalChoice?.checked ?? false;
  return (
    <>
      {offered && offered.length === 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('errors.providerUnavailable')}
        </Alert>
      )}
      {renewalChoice && offered && (
        <AutoRenewField
          checked={renewalChoice.checked}
          onChange={renewalChoice.onChange}
          disabled={busy}
          unsupported={offered.filter((provider) => !supportsAutoRenew(provider.name))}
        />
      )}
      <Stack spacing={1.5}>
        {offered && offered.length > 1 ? (
          offered.map((provider, index) => (
            <Button
              key={provider.name}
              type="submit"
              variant={index === 0 ? 'contained' : 'outlined'}
              size="large"
              disabled={busy || waiting || (keepsMethod && !supportsAutoRenew(provider.name))}
              startIcon={<LockIcon aria-hidden />}
              onClick={() => payment.chooseProvider(provider.name)}
            >
              {busy && payingWith === provider.name ? t('paying') : t(`payWith.${provider.label}`, { total })}
            </Button>
          ))
        ) : (
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || waiting || providersPending || offered?.length === 0}
            startIcon={<LockIcon aria-hidden />}
          >
            {busy ? t('paying') : t('pay', { total })}
          </Button>
        )}
        {children}
      </Stack>
    </>
  );
}
