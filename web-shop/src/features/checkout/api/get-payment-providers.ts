import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOGUE_STALE_TIME } from '../../../lib/query-client';

export type PaymentProviderName = 'stripe' | 'paypal' | 'mollie' | 'sandbox';

export interface PaymentProviderOption {
  name: PaymentProviderName;
  /** How the shop names it: `card` for Stripe. */
  label: 'card' | 'paypal' | 'mollie' | 'sandbox';
}

export const paymentProvidersQueryKey = ['payment-providers'] as const;

/** `GET /api/payments/providers`: the enabled providers, in the order the checkout shows them. */
export function getPaymentProviders(signal?: AbortSignal): Promise<{ data: PaymentProviderOption[] }> {
  return apiGet<{ data: PaymentProviderOption[] }>('/api/payments/providers', { signal });
}

/** The shop's configuration, which changes no more often than the catalogue. */
export function usePaymentProviders() {
  return useQuery({
    queryKey: paymentProvidersQueryKey,
    queryFn: ({ signal }) => getPaymentProviders(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}
