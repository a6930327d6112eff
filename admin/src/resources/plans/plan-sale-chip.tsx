import { useRecordContext } from 'react-admin';
import { OnOffChip } from '../../components/record-chips';
import type { Plan } from '../../providers/data-provider';

export function PlanSaleChip() {
  const plan = useRecordContext<Plan>();
  return <OnOffChip on={plan?.onSale} onLabel="shop.plans.onSale" offLabel="shop.plans.offSale" />;
}
