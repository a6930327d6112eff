import PersonOffIcon from '@mui/icons-material/PersonOff';
import Avatar from '@mui/material/Avatar';
import { ERASED, type User } from './user-vocabulary';

/**
 * The first letter of the name (or of the e-mail when there is none), as the seeds' rows show it;
 * an erased person has no letter left, only the sign of an erased account.
 */
export function UserAvatar({ user, size = 36 }: { user: Pick<User, 'fullName' | 'email'>; size?: number }) {
  const erased = user.email === ERASED;
  const initial = (user.fullName.trim() || user.email).charAt(0).toUpperCase();
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, bgcolor: erased ? 'grey.500' : 'primary.main', fontSize: size * 0.45 }}
    >
      {erased ? <PersonOffIcon fontSize="inherit" /> : initial}
    </Avatar>
  );
}
