import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PromoCode } from './promo-code-vocabulary';

export function PromoCodeActiveChip() {
  const code = useRecordContext<PromoCode>();
  const translate = useTranslate();
  if (!code) return null;
  return (
    <Chip
      size="small"
      variant={code.active ? 'filled' : 'outlined'}
      color={code.active ? 'success' : 'default'}
      label={translate(code.active ? 'shop.promoCodes.active' : 'shop.promoCodes.inactive')}
    />
  );
}
