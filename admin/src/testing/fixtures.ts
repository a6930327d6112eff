import type {
  BulkOutcome,
  AccountingDocumentView,
  AdminPlan,
  AdminStats,
  AdminSubscription,
  AdminUser,
  SubscriptionAsOf,
  SubscriptionPayment,
  VatReport,
} from '@shop/contracts';
import { anInvoice } from '../../../web-shop/src/testing/fixtures';

// One invoice for both apps: the shop's and the back-office's routes answer the same document.
export { anInvoice };

/** A builder of a test record: `defaults` (copied afresh each time), with what a test gives on top. */
const builder =
  <T>(defaults: T) =>
  (overrides: Partial<T> = {}): T => ({ ...structuredClone(defaults), ...overrides });

/** A paid subscription still waiting for its credentials, as `GET /api/admin/subscriptions` answers it. */
export const aSubscription = builder<AdminSubscription>({
  id: 'sub-1',
  userId: 'user-1',
  customerEmail: 'camille@example.com',
  customerName: 'Camille Martin',
  planId: 'netflix-premium',
  planName: 'Netflix Premium',
  months: 3,
  status: 'active',
  statusReason: null,
  totalCents: 2397,
  discountCents: 0,
  currency: 'EUR',
  promoCode: null,
  provider: 'sandbox',
  paymentReference: 'pay-1',
  lastPaymentIssue: null,
  credentialsAssigned: false,
  credentialsId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:05:00.000Z',
  expiresAt: '2099-02-20T10:05:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  renewedCents: 0,
  refundedCents: 0,
  lastPaymentAt: '2026-11-20T10:05:00.000Z',
  customerCancelledAt: null,
  cancellationReason: null,
  refundRequestedAt: null,
  refundReason: null,
  refundAnsweredAt: null,
  autoRenew: false,
  paymentMethod: null,
  nextChargeAt: null,
  renewalFailedAt: null,
  renewalRetryAt: null,
  renewalCount: 0,
});

/** `aSubscription()` as it stood at noon on 20 November 2026, three events in, as `GET /api/admin/subscriptions/:id?asOf=` answers it. */
export function aSubscriptionAsOf(overrides: Partial<SubscriptionAsOf> = {}): SubscriptionAsOf {
  const { id, userId, customerEmail, customerName, planId, planName, months, status } = aSubscription();
  const { totalCents, currency, paymentReference, credentialsId } = aSubscription();
  return {
    id,
    userId,
    customerEmail,
    customerName,
    planId,
    planName,
    months,
    status,
    totalCents,
    currency,
    paymentReference,
    credentialsId,
    asOf: '2026-11-20T12:00:00.000Z',
    expiresAt: '2027-02-20T10:05:00.000Z',
    credentialsVersion: null,
    refunded: false,
    voided: false,
    version: 3,
    lastEventType: 'PaymentConfirmed',
    lastEventAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** The order's payment of `aSubscription()` as `GET /api/admin/subscriptions/:id/payments` lists it: nothing refunded yet. */
export const aPayment = builder<SubscriptionPayment>({
  reference: 'pay-1',
  kind: 'order',
  provider: 'sandbox',
  amountCents: 2397,
  currency: 'EUR',
  paidAt: '2026-11-20T10:05:00.000Z',
  refundedCents: 0,
  pendingRefundCents: 0,
  refundableCents: 2397,
});

/** A plan as the back-office edits it. */
export const anAdminPlan = builder<AdminPlan>({
  id: 'netflix-premium',
  name: 'Netflix Premium',
  category: 'SVOD',
  monthlyPriceCents: 799,
  currency: 'EUR',
  popular: false,
  onSale: true,
  logo: '/logos/netflix.svg',
  features: {
    fr: ['4K Ultra HD', '4 écrans', 'Sans publicité', 'Téléchargements', 'Profil personnel', 'Sans engagement'],
    en: ['4K Ultra HD', '4 screens', 'No ads', 'Downloads', 'Own profile', 'No commitment'],
  },
  sharedUsers: 4,
  sortOrder: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 3,
});

/** A customer as `GET /api/admin/users` answers. */
export const anAdminUser = builder<AdminUser>({
  id: 'user-1',
  email: 'camille@example.com',
  fullName: 'Camille Martin',
  roles: ['customer'],
  twoFactorEnabled: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSignInAt: '2026-11-24T10:00:00.000Z',
  segment: 'with',
  totalSpentCents: 2397,
  subscriptions: [],
  profileVersion: 1,
});

/** Léa Petit (user-2): a second customer, beside `anAdminUser()`'s Camille Martin. */
export const leaPetit = anAdminUser({ id: 'user-2', email: 'lea@example.com', fullName: 'Léa Petit' });

/** What a subscription of Léa Petit's says of its customer, for `aSubscription({ ...ofLeaPetit })`. */
export const ofLeaPetit = {
  userId: leaPetit.id,
  customerEmail: leaPetit.email,
  customerName: leaPetit.fullName,
} satisfies Partial<AdminSubscription>;

/** The dashboard's figures, which the Subscriptions and Credentials tabs' counters read. */
export const someStats = builder<AdminStats>({
  totalUsers: 12,
  activeSubscriptions: 7,
  expiredSubscriptions: 2,
  totalRevenueCents: 50_000,
  revenueThisMonthCents: 9_000,
  newUsersThisMonth: 3,
  revenuePerUserCents: 4_166,
  monthlyGrowthPercent: 33,
  conversionPercent: 58,
  activityRatePercent: 77,
  pendingCredentials: 2,
  failedJobs: 0,
  users: { with: 7, without: 3, expired: 2, total: 12 },
  subscriptions: { total: 9, withCredentials: 5, withoutCredentials: 2, active: 7 },
  credentials: { total: 4, plans: 3, logins: 4 },
  revenueByDay: [],
  subscriptionsByDay: [],
});

/** A credit note refunding `anInvoice()` whole. */
export function aCreditNote(overrides: Partial<AccountingDocumentView> = {}): AccountingDocumentView {
  return anInvoice({
    id: 'doc-2',
    number: 'A2026-000001',
    kind: 'credit_note',
    issuedAt: '2026-11-22T09:00:00.000Z',
    netCents: -1998,
    vatCents: -399,
    grossCents: -2397,
    correctsNumber: 'F2026-000001',
    ...overrides,
  });
}

/** The VAT report of a month (`GET /api/admin/reports/vat`): France and Belgium. */
export const aVatReport = builder<VatReport>({
  month: '2026-11',
  currency: 'EUR',
  data: [
    { country: 'BE', rate: 0.21, netCents: 1000, vatCents: 210, grossCents: 1210, documents: 1 },
    { country: 'FR', rate: 0.2, netCents: 3996, vatCents: 799, grossCents: 4795, documents: 3 },
  ],
  totals: { netCents: 4996, vatCents: 1009, grossCents: 6005, documents: 4 },
});

/** What a bulk action answers for each record, by id: `changed`, `unchanged`, or the code it was refused with. */
export function bulkOutcomeOf(outcomes: Record<string, string>): BulkOutcome {
  const results = Object.entries(outcomes).map(([id, outcome]) =>
    outcome === 'changed' || outcome === 'unchanged'
      ? { id, outcome: outcome as 'changed' | 'unchanged' }
      : { id, outcome: 'refused' as const, code: outcome, detail: outcome },
  );
  const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
  return { changed: count('changed'), unchanged: count('unchanged'), refused: count('refused'), results };
}
