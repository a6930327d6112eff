import type { ChangeEvent } from 'react';
import type { Plan } from '../../../types/api';
import type { PaymentStart } from '../hooks/use-payment-start';
import type { Months } from '../types';
import { DurationPicker } from './duration-picker';
import { PromoCodeField } from './promo-code-field';

/**
 * The duration to pay for and the promo code, in the order and the renewal alike: a code
 * edited is no longer applied, and "apply" checks it for the duration chosen.
 */
export function DurationAndPromo({
  plan,
  months,
  onMonthsChange,
  promoCode,
  onPromoCodeChange,
  payment,
  busy,
}: {
  plan: Plan;
  months: Months;
  onMonthsChange: (months: Months) => void;
  promoCode: string;
  onPromoCodeChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  payment: PaymentStart;
  busy: boolean;
}) {
  return (
    <>
      <DurationPicker
        value={months}
        onChange={onMonthsChange}
        monthlyPriceCents={plan.monthlyPriceCents}
        currency={plan.currency}
        disabled={busy}
      />
      <PromoCodeField
        value={promoCode}
        onChange={(event) => {
          onPromoCodeChange(event);
          payment.promoCodeEdited();
        }}
        promo={payment.promo}
        applied={payment.applied}
        onApply={() => payment.applyPromo(promoCode)}
        disabled={busy}
      />
    </>
  );
}
