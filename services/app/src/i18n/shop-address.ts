import type { Language } from '@shop/domain';

/**
 * The absolute address of a page of the shop (`/profile`, `/payment-success`) in `language`, as
 * the web shop routes them: French at the root, English under `/en`. Where the shop sends a
 * customer back (a provider's return, a link in an e-mail), the page opens in the customer's
 * language on any device, not only where they once chose it.
 */
export function shopAddress(publicUrl: string, language: Language, path: string): string {
  return `${publicUrl}${language === 'fr' ? '' : `/${language}`}${path}`;
}
