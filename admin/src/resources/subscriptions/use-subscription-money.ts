import type { SubscriptionPayment } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ShopDataProvider } from '../../providers/data-provider';

/**
 * A subscription's payments and refunds (GET /api/admin/subscriptions/:id/payments), kept under the
 * subscription's own key: the page's refresh reads them again with the record.
 */
export function useSubscriptionMoney(id: string | undefined) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  return useQuery({
    queryKey: ['subscriptions', 'payments', id],
    queryFn: () => dataProvider.getSubscriptionMoney(String(id)),
    enabled: id !== undefined,
  });
}

/** Latest first: the order a refund looks for a payment in. */
export function latestFirst(payments: readonly SubscriptionPayment[]): SubscriptionPayment[] {
  return [...payments].sort((a, b) => Date.parse(b.paidAt ?? '') - Date.parse(a.paidAt ?? '') || 0);
}

/** The payment a refund starts from: the latest with something left to refund, else the latest. */
export function paymentToRefund(payments: readonly SubscriptionPayment[]): SubscriptionPayment | undefined {
  const ordered = latestFirst(payments);
  return ordered.find((payment) => payment.refundableCents > 0) ?? ordered[0];
}
