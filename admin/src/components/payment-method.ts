type Translate = (key: string, options?: object) => string;

/** A payment word in the operator's words (`shop.<messages>.<value>`), the value itself when no message names it. */
const paymentWord = (translate: Translate, messages: string, value: string | null | undefined): string =>
  value ? translate(`shop.${messages}.${value}`, { _: value }) : translate('shop.empty');

/** How a subscription was paid (its `provider`), in the operator's words: « Paiement de test », not "sandbox". */
export const paymentMethodName = (translate: Translate, provider: string | null | undefined): string =>
  paymentWord(translate, 'paymentMethods', provider);

/** What last went wrong with a subscription's payment, in the operator's words (not `paid_twice`). */
export const paymentIssueText = (translate: Translate, issue: string | null | undefined): string =>
  paymentWord(translate, 'paymentIssues', issue);
