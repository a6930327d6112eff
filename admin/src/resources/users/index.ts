import UserIcon from '@mui/icons-material/People';
import { UserList } from './user-list';

/** The shop's accounts; read only for now. */
export default {
  list: UserList,
  icon: UserIcon,
  recordRepresentation: 'email',
};
