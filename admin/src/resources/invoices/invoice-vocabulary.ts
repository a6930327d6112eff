import { ACCOUNTING_DOCUMENT_KINDS, type AccountingDocumentView } from '@shop/contracts';
import { intlLocaleOf } from '../../i18n/i18n-provider';

/** An invoice or a credit note as `GET /api/admin/invoices` answers it. */
export type Invoice = AccountingDocumentView;

export type InvoiceKind = Invoice['kind'];

/** The kind filter's choices, worded by `shop.invoices.kinds.*`. */
export const kindChoices = ACCOUNTING_DOCUMENT_KINDS.map((kind) => ({ id: kind, name: `shop.invoices.kinds.${kind}` }));

/** A VAT rate (0.2) as the locale writes a percentage: `20 %` in French, `20%` in English. */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}

/** A country code (FR) with its name in the operator's language: `France (FR)`. */
export function countryName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([intlLocaleOf(locale)], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
