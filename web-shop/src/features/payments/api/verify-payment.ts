import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { PaymentVerification } from '@shop/contracts';

export const paymentVerificationQueryKey = (sessionId: string) => ['payment-verification', sessionId] as const;

/** `GET /api/payments/verify?session_id=`: asks the provider and activates the subscription when paid. */
export function verifyPayment(sessionId: string, signal?: AbortSignal): Promise<PaymentVerification> {
  return apiGet<PaymentVerification>('/api/payments/verify', { query: { session_id: sessionId }, signal });
}

/**
 * Asked on every visit of the page; a paid answer makes every account answer (profile, subscriptions,
 * notifications) stale, so the profile shows the new subscription. Never retried on its own: for
 * PayPal this very check captures the payment.
 */
export function useVerifyPayment(sessionId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentVerificationQueryKey(sessionId),
    queryFn: async ({ signal }) => {
      const verification = await verifyPayment(sessionId, signal);
      if (verification.paid) void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      return verification;
    },
    retry: false,
  });
}
