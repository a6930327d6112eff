import { usePlan } from '../../features/catalogue/api/get-plan';
import { RenewalDialog } from '../../features/checkout/components/renewal-dialog';
import type { RenewalDialogProps } from '../../features/profile/types';
import { useLanguage } from '../../lib/use-language';

/** The profile's Renew dialog: the checkout of more months, at the plan's price in the catalogue now. */
export default function ProfileRenewal(props: RenewalDialogProps) {
  const plan = usePlan({ id: props.subscription.planId, language: useLanguage() });
  return <RenewalDialog {...props} plan={plan} />;
}
