import { Create } from 'react-admin';
import { CredentialsForm } from './credentials-form';

/** A new set for a plan; `?source={"planId":"netflix"}` (from a subscription's assign dialog) picks the plan. */
export function CredentialsCreate() {
  return (
    <Create redirect="show" title="shop.credentials.createTitle">
      <CredentialsForm />
    </Create>
  );
}
