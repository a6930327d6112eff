import { useRef, useState } from 'react';
import type { Plan } from '../../../types/api';
import { usePaymentProviders, type PaymentProviderName } from '../api/get-payment-providers';
import type { Months } from '../types';
import { usePromoCode, useRecheckPromoOnDuration } from './use-promo-code';

/** Where the browser goes to pay; a function so tests can watch it. */
export function goTo(url: string) {
  window.location.assign(url);
}

/**
 * What an order and a renewal share before the payment page: the providers offered and the
 * one chosen, the promo code applied for the duration and the total it makes, and the check of a
 * code typed but not applied yet, so a wrong one never reaches the server.
 */
export function usePaymentStart(plan: Plan, months: Months) {
  const { promo, setPromo, runPromoCheck } = usePromoCode(plan.id);
  const providers = usePaymentProviders();
  const offered = providers.status === 'success' ? providers.data.data : null;
  // Set by the pay button pressed; Enter in a field pays with the first provider offered.
  const chosenProvider = useRef<PaymentProviderName | undefined>(undefined);
  const [payingWith, setPayingWith] = useState<PaymentProviderName | 'default' | null>(null);

  useRecheckPromoOnDuration(months, promo, runPromoCheck);

  const applied = promo.status === 'valid' && promo.months === months ? promo.check : null;

  /** The "apply" button of the promo code: an empty code clears the last check. */
  const applyPromo = (promoCode: string) => {
    const code = promoCode.trim();
    if (!code) {
      setPromo({ status: 'idle' });
      return;
    }
    void runPromoCheck(code, months);
  };

  /** A code edited is no longer applied, unless its check is under way. */
  const promoCodeEdited = () => {
    if (promo.status !== 'checking') setPromo({ status: 'idle' });
  };

  /**
   * Starts paying for `months` with `promoCode`: answers the provider (unknown when the list
   * could not be read: the server then uses its default) and the code trimmed, or null when
   * the code typed is refused.
   */
  const startPayment = async (
    promoCode: string,
    monthsPaid: Months,
  ): Promise<{ provider: PaymentProviderName | undefined; code: string } | null> => {
    const provider = chosenProvider.current ?? offered?.[0]?.name;
    chosenProvider.current = undefined;
    setPayingWith(provider ?? 'default');
    const code = promoCode.trim();
    if (code && !(promo.status === 'valid' && promo.code === code && promo.months === monthsPaid)) {
      if (!(await runPromoCheck(code, monthsPaid))) {
        setPayingWith(null);
        return null;
      }
    }
    return { provider, code };
  };

  return {
    promo,
    applied,
    /** What is to pay: the promo code's total when one applies, else the monthly price times the months. */
    totalCents: applied ? applied.totalCents : plan.monthlyPriceCents * months,
    applyPromo,
    /** Checks `code` for `months` (a basket carried over a change of language). */
    checkPromo: runPromoCheck,
    promoCodeEdited,
    offered,
    providersPending: providers.status === 'pending',
    payingWith,
    /** The payment failed or never left: the pay buttons come back. */
    stopPaying: () => setPayingWith(null),
    chooseProvider: (name: PaymentProviderName) => {
      chosenProvider.current = name;
    },
    startPayment,
  };
}

export type PaymentStart = ReturnType<typeof usePaymentStart>;
