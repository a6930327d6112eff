import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { Link, ReferenceField, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { displayName, ERASED, personal, type User } from '../users/user-vocabulary';
import type { Subscription } from './subscription-vocabulary';

/** Name above e-mail, so the operator recognises the customer either way. */
function NameAndEmail({ name, email }: { name: string; email: string | null }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <span>{name}</span>
      {email && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
          {email}
        </Box>
      )}
    </Box>
  );
}

function UserNameAndEmail() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  return <NameAndEmail name={displayName(user, translate)} email={personal(user.email, translate)} />;
}

/** What the subscription itself says of its customer: for a person erased since, who is no longer a user. */
function FromSubscription() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  const name = personal(subscription.customerName, translate) || translate('shop.users.noName');
  const email = personal(subscription.customerEmail, translate);
  // Erased, both say "[effacé]": once is enough.
  return <NameAndEmail name={name} email={email === name ? null : email} />;
}

/** A person erased since: in no list any more, their page still readable ("[effacé]"). */
function ErasedCustomer({ subscription }: { subscription: Subscription }) {
  const createPath = useCreatePath();
  return (
    <Link
      to={createPath({ resource: 'users', id: subscription.userId, type: 'show' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      <FromSubscription />
    </Link>
  );
}

/** The customer, by name, linked to their page in the Users tab (never a raw identifier). */
export function CustomerField() {
  const subscription = useRecordContext<Subscription>();
  if (subscription?.customerEmail === ERASED) return <ErasedCustomer subscription={subscription} />;
  return (
    <ReferenceField<Subscription, User> source="userId" reference="users" link="show" empty={<FromSubscription />}>
      <UserNameAndEmail />
    </ReferenceField>
  );
}
