import { DeleteWithConfirmButton, useRecordContext, useTranslate } from 'react-admin';
import { displayName, type User } from './user-vocabulary';

/**
 * Erasure (GDPR), after a confirmation that says what it does: irreversible, sign-in and sessions
 * end, the subscriptions' history stays, anonymous. The server refuses to erase oneself.
 */
export function EraseUserButton() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <DeleteWithConfirmButton
      label="shop.users.erase.action"
      mutationMode="pessimistic"
      confirmTitle={translate('shop.users.erase.title', {
        name: user.fullName.trim() ? displayName(user, translate) : user.email,
      })}
      confirmContent="shop.users.erase.content"
      successMessage="resources.users.notifications.deleted"
      redirect="list"
    />
  );
}
