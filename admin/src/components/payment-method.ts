/** How a subscription was paid (its `provider`), in the operator's words: « Paiement de test », not "sandbox". */
export function paymentMethodName(
  translate: (key: string, options?: object) => string,
  provider: string | null | undefined,
): string {
  if (!provider) return translate('shop.empty');
  return translate(`shop.paymentMethods.${provider}`, { _: provider });
}

/** What last went wrong with a subscription's payment, in the operator's words (not `paid_twice`). */
export function paymentIssueText(
  translate: (key: string, options?: object) => string,
  issue: string | null | undefined,
): string {
  if (!issue) return translate('shop.empty');
  return translate(`shop.paymentIssues.${issue}`, { _: issue });
}
