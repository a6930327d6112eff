import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

export type PaymentProviderName = 'stripe' | 'paypal' | 'mollie' | 'sandbox';

export interface PaymentProviderOption {
  name: PaymentProviderName;
  /** How the shop names it: `card` for Stripe. */
  label: 'card' | 'paypal' | 'mollie' | 'sandbox';
}

/** `GET /api/payments/providers`: the enabled providers, in the order the checkout shows them. */
export function getPaymentProviders(signal?: AbortSignal): Promise<{ data: PaymentProviderOption[] }> {
  return apiGet<{ data: PaymentProviderOption[] }>('/api/payments/providers', { signal });
}

export function usePaymentProviders() {
  return useApiQuery('payment-providers', (signal) => getPaymentProviders(signal));
}
