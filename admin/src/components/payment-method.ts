/** How a subscription was paid (its `provider`), in the operator's words: « Paiement de test », not "sandbox". */
export function paymentMethodName(
  translate: (key: string, options?: object) => string,
  provider: string | null | undefined,
): string {
  if (!provider) return translate('shop.empty');
  return translate(`shop.paymentMethods.${provider}`, { _: provider });
}
