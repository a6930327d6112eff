import { lazyScreen } from '../../lib/lazy-screen';
import UserIcon from '@mui/icons-material/People';
import type { User } from './user-vocabulary';

/** The shop's customers: the seeds' Users tab, each change a command recorded with the operator. */
export default {
  list: lazyScreen(() => import('./user-list').then((m) => m.UserList)),
  show: lazyScreen(() => import('./user-show').then((m) => m.UserShow)),
  edit: lazyScreen(() => import('./user-edit').then((m) => m.UserEdit)),
  create: lazyScreen(() => import('./user-create').then((m) => m.UserCreate)),
  icon: UserIcon,
  recordRepresentation: (user: User) => (user.fullName.trim() ? `${user.fullName} — ${user.email}` : user.email),
};
