import type { AdminUserUpdate } from '@shop/contracts';
import { Edit } from 'react-admin';
import { UserForm } from './user-form';
import { UserTitle } from './user-title';
import type { User } from './user-vocabulary';

/**
 * Only what the operator may change, with the profile's version the form was loaded at: a change
 * made meanwhile by someone else is refused (account.changed_meanwhile) instead of overwritten.
 */
const editable = (data: Partial<User>, options?: { previousData?: Partial<User> }): AdminUserUpdate => ({
  email: data.email,
  fullName: data.fullName ?? '',
  profileVersion: options?.previousData?.profileVersion ?? data.profileVersion,
});

/**
 * Correcting a customer's e-mail and name. Pessimistic: the server may refuse (e-mail taken, or a
 * change made meanwhile), and the operator must see it rather than an edit that silently comes undone.
 */
export function UserEdit() {
  return (
    <Edit
      title={<UserTitle />}
      mutationMode="pessimistic"
      transform={editable}
      redirect="show"
      sx={{ '& .RaEdit-main': { maxWidth: 720 } }}
    >
      <UserForm editing />
    </Edit>
  );
}
