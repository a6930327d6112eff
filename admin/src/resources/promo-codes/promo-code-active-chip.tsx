import { useRecordContext } from 'react-admin';
import { OnOffChip } from '../../components/record-chips';
import type { PromoCode } from './promo-code-vocabulary';

export function PromoCodeActiveChip() {
  const code = useRecordContext<PromoCode>();
  return <OnOffChip on={code?.active} onLabel="shop.promoCodes.active" offLabel="shop.promoCodes.inactive" />;
}
