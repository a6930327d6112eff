import { apiGet } from '../../../lib/api-client';
import { useShopConfiguration } from '../../../lib/query-client';
import type { PaymentProviders } from '@shop/contracts';

export type { PaymentProviderName, PaymentProviderOption } from '@shop/contracts';

export const paymentProvidersQueryKey = ['payment-providers'] as const;

/** `GET /api/payments/providers`: the enabled providers, in the order the checkout shows them. */
export function getPaymentProviders(signal?: AbortSignal): Promise<PaymentProviders> {
  return apiGet<PaymentProviders>('/api/payments/providers', { signal });
}

export function usePaymentProviders() {
  return useShopConfiguration(paymentProvidersQueryKey, getPaymentProviders);
}
