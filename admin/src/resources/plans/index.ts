import { lazyScreen } from '../../lib/lazy-screen';
import PlanIcon from '@mui/icons-material/Inventory2';
import type { Plan } from '../../providers/data-provider';

/** The plans on sale (and off): price, features in both languages, popular, on sale. */
export default {
  list: lazyScreen(() => import('./plan-list').then((m) => m.PlanList)),
  edit: lazyScreen(() => import('./plan-edit').then((m) => m.PlanEdit)),
  icon: PlanIcon,
  recordRepresentation: (plan: Plan) => plan.name,
};
