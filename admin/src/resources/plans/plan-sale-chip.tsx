import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Plan } from '../../providers/data-provider';

export function PlanSaleChip() {
  const plan = useRecordContext<Plan>();
  const translate = useTranslate();
  if (!plan) return null;
  return (
    <Chip
      size="small"
      variant={plan.onSale ? 'filled' : 'outlined'}
      color={plan.onSale ? 'success' : 'default'}
      label={translate(plan.onSale ? 'shop.plans.onSale' : 'shop.plans.offSale')}
    />
  );
}
