import { useRecordContext, useTranslate } from 'react-admin';
import { displayName, type User } from './user-vocabulary';

/** The page title of one user: their name, or their e-mail when they have none. */
export function UserTitle() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  return <span>{user.fullName.trim() ? displayName(user, translate) : user.email}</span>;
}
