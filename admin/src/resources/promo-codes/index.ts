import { lazyScreen } from '../../lib/lazy-screen';
import PromoCodeIcon from '@mui/icons-material/LocalOffer';
import type { PromoCode } from './promo-code-vocabulary';

/** Promo codes: created, revised, deactivated by the operator; the shop applies a change at once. */
export default {
  list: lazyScreen(() => import('./promo-code-list').then((m) => m.PromoCodeList)),
  create: lazyScreen(() => import('./promo-code-create').then((m) => m.PromoCodeCreate)),
  edit: lazyScreen(() => import('./promo-code-edit').then((m) => m.PromoCodeEdit)),
  icon: PromoCodeIcon,
  recordRepresentation: (code: PromoCode) => code.code,
};
