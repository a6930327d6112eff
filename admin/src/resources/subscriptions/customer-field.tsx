import Box from '@mui/material/Box';
import { ReferenceField, useRecordContext, useTranslate } from 'react-admin';
import { displayName, type User } from '../users/user-vocabulary';
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
  return <NameAndEmail name={displayName(user, translate)} email={user.email} />;
}

/** What the subscription itself says of its customer: for a person erased since, who is no longer a user. */
function FromSubscription() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  return (
    <NameAndEmail
      name={subscription.customerName || translate('shop.users.noName')}
      email={subscription.customerEmail}
    />
  );
}

/** The customer, by name, linked to their page in the Users tab (never a raw identifier). */
export function CustomerField() {
  return (
    <ReferenceField<Subscription, User> source="userId" reference="users" link="show" empty={<FromSubscription />}>
      <UserNameAndEmail />
    </ReferenceField>
  );
}
