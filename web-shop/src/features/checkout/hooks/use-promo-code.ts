import { useEffect, useRef, useState } from 'react';
import { checkPromoCode } from '../api/check-promo-code';
import { promoMessageKey, type PromoMessageKey } from '../lib/checkout-errors';
import type { Months, PromoCheck } from '../types';

export type ValidPromo = Extract<PromoCheck, { valid: true }>;

export type PromoState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'valid'; code: string; months: Months; check: ValidPromo }
  | { status: 'invalid'; message: PromoMessageKey };

/** The promo code of a checkout: its last check by the server, and how to ask again. */
export function usePromoCode(planId: string) {
  const [promo, setPromo] = useState<PromoState>({ status: 'idle' });

  /** Asks the server about `code` for `months`; answers the valid check or null. */
  const runPromoCheck = async (code: string, months: Months): Promise<ValidPromo | null> => {
    setPromo({ status: 'checking' });
    try {
      const check = await checkPromoCode({ code, planId, months });
      if (check.valid) {
        setPromo({ status: 'valid', code, months, check });
        return check;
      }
      setPromo({ status: 'invalid', message: promoMessageKey(check.reason) });
    } catch {
      setPromo({ status: 'invalid', message: 'promo.error' });
    }
    return null;
  };

  return { promo, setPromo, runPromoCheck };
}

/** A code applied for another duration is checked again for the new one. */
export function useRecheckPromoOnDuration(
  months: Months,
  promo: PromoState,
  runPromoCheck: (code: string, months: Months) => Promise<ValidPromo | null>,
) {
  const lastMonths = useRef(months);
  useEffect(() => {
    if (lastMonths.current === months) return;
    lastMonths.current = months;
    if (promo.status === 'valid') void runPromoCheck(promo.code, months);
    // Only a change of duration triggers this.
  }, [months]);
}
