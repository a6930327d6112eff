import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOGUE_STALE_TIME } from '../../../lib/query-client';
import type { PaymentProviders } from '@shop/contracts';

export type { PaymentProviderName, PaymentProviderOption } from '@shop/contracts';

export const paymentProvidersQueryKey = ['payment-providers'] as const;

/** `GET /api/payments/providers`: the enabled providers, in the order the checkout shows them. */
export function getPaymentProviders(signal?: AbortSignal): Promise<PaymentProviders> {
  return apiGet<PaymentProviders>('/api/payments/providers', { signal });
}

/** The shop's configuration, which changes no more often than the catalogue. */
export function usePaymentProviders() {
  return useQuery({
    queryKey: paymentProvidersQueryKey,
    queryFn: ({ signal }) => getPaymentProviders(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}
