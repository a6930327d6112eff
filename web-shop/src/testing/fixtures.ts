import type { AccountingDocumentView, CustomerSubscription, Plan, Profile } from '@shop/contracts';

/** A builder of `defaults` as a new object each time, with any of its fields overridden. */
function fixture<T extends object>(defaults: T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...structuredClone(defaults), ...overrides });
}

/** A plan as `GET /api/plans` answers it in French. */
export const aPlan = fixture<Plan>({
  id: 'netflix-premium',
  name: 'Netflix Premium',
  category: 'SVOD',
  monthlyPriceCents: 799,
  currency: 'EUR',
  popular: false,
  logo: '/logos/netflix.svg',
  features: ['4K Ultra HD', '4 écrans simultanés', 'Sans publicité', 'Téléchargements', 'Profil personnel'],
  sharedUsers: 4,
});

/** The signed-in customer as `GET /api/me` answers. */
export const aCustomer = fixture<Profile>({
  id: 'user-1',
  email: 'camille@example.com',
  fullName: 'Camille Martin',
  memberSince: '2025-03-01T10:00:00.000Z',
  roles: ['customer'],
  twoFactorEnabled: false,
});

/** One of the customer's subscriptions as `GET /api/me/subscriptions` lists it: active, paid long ago, not cancelled. */
export const aMySubscription = fixture<CustomerSubscription>({
  id: 'sub-1',
  planId: 'netflix-premium',
  planName: 'Netflix Premium',
  logo: null,
  status: 'active',
  totalCents: 2397,
  currency: 'EUR',
  months: 3,
  expiresAt: '2099-01-31T10:00:00.000Z',
  purchasedAt: '2026-10-31T10:00:00.000Z',
  paymentIssue: null,
  autoRenew: false,
  paymentMethod: null,
  nextChargeAt: null,
  renewalFailedAt: null,
  renewalRetryAt: null,
  nextChargeCents: null,
  cancelledAt: null,
  renewable: true,
  planWithdrawn: false,
  refundableUntil: null,
  refundRequestedAt: null,
  renewalCount: 0,
  paidCents: 2397,
});

/** One of the customer's documents as `GET /api/me/invoices` lists it: the invoice of a 3-month order, French VAT. */
export const anInvoice = fixture<AccountingDocumentView>({
  id: 'doc-1',
  number: 'F2026-000001',
  kind: 'invoice',
  issuedAt: '2026-11-20T10:05:00.000Z',
  subscriptionId: 'sub-1',
  userId: 'user-1',
  customerName: 'Camille Martin',
  companyName: null,
  vatNumber: null,
  country: 'FR',
  vatRate: 0.2,
  netCents: 1998,
  vatCents: 399,
  grossCents: 2397,
  currency: 'EUR',
  correctsNumber: null,
  planName: 'Netflix Premium',
  months: 3,
  periodFrom: '2026-11-20T10:05:00.000Z',
  periodTo: '2027-02-20T10:05:00.000Z',
  paymentReference: 'pay-1',
  provider: 'sandbox',
  paidAt: '2026-11-20T10:05:00.000Z',
});
