import type { PaymentProviderName, PaymentProviderOption } from '../api/get-payment-providers';

/** The providers that keep a payment method for automatic renewals; the others answer `payment.renewal_unsupported`. */
export const AUTO_RENEW_PROVIDERS: readonly PaymentProviderName[] = ['sandbox', 'stripe', 'mollie'];

export function supportsAutoRenew(provider: PaymentProviderName | undefined): boolean {
  return provider !== undefined && AUTO_RENEW_PROVIDERS.includes(provider);
}

/** Whether automatic renewal can be offered: at least one provider offered keeps the payment method. */
export function autoRenewOffered(offered: readonly PaymentProviderOption[] | null): boolean {
  return offered !== null && offered.some((provider) => supportsAutoRenew(provider.name));
}

/** What the order or renewal sends: `autoRenew: true` only when asked for and the provider can keep the method. */
export function autoRenewField(asked: boolean, provider: PaymentProviderName | undefined): { autoRenew?: true } {
  return asked && supportsAutoRenew(provider) ? { autoRenew: true } : {};
}
