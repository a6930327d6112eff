import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

export interface PaymentVerification {
  subscriptionId: string;
  status: string;
  paid: boolean;
  outcome: string;
}

/** `GET /api/payments/verify?session_id=`: asks the provider and activates the subscription when paid. */
export function verifyPayment(sessionId: string, signal?: AbortSignal): Promise<PaymentVerification> {
  return apiGet<PaymentVerification>('/api/payments/verify', { query: { session_id: sessionId }, signal });
}

export function useVerifyPayment(sessionId: string) {
  return useApiQuery(`payment-verify:${sessionId}`, (signal) => verifyPayment(sessionId, signal));
}
