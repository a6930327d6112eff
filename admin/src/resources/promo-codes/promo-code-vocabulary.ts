import type { AdminPromoCode } from '@shop/contracts';

export type PromoCode = AdminPromoCode;

type Translate = (key: string, options?: Record<string, unknown>) => string;

const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** "from 1 Jun 2026 until 1 Sept 2026", or "No date limit". */
export function validityOf(code: PromoCode, translate: Translate, locale: string): string {
  const parts = [
    code.validFrom ? translate('shop.promoCodes.from', { date: day(code.validFrom, locale) }) : null,
    code.validUntil ? translate('shop.promoCodes.until', { date: day(code.validUntil, locale) }) : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : translate('shop.promoCodes.always');
}

/** "3 / 100", or "3 / unlimited". */
export function usageOf(code: PromoCode, translate: Translate): string {
  return translate('shop.promoCodes.usage', {
    used: code.timesUsed,
    limit: code.usageLimit ?? translate('shop.promoCodes.unlimited'),
  });
}
