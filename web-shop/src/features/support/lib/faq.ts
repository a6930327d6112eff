/** The four built-in FAQ entries (seeds §2), texts in the `support` namespace. */
export const FAQ_ENTRIES = [
  { id: 'cancel', category: 'subscriptions' },
  { id: 'paymentSecurity', category: 'payment' },
  { id: 'editProfile', category: 'account' },
  { id: 'sharing', category: 'security' },
] as const;
