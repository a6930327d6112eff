import Avatar from '@mui/material/Avatar';
import type { User } from './user-vocabulary';

/** The first letter of the name (or of the e-mail when there is none), as the seeds' rows show it. */
export function UserAvatar({ user, size = 36 }: { user: Pick<User, 'fullName' | 'email'>; size?: number }) {
  const initial = (user.fullName.trim() || user.email).charAt(0).toUpperCase();
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.45 }}>
      {initial}
    </Avatar>
  );
}
