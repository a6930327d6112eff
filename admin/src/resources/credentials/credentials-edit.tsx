import { Edit, SaveButton, ShowButton, Toolbar, TopToolbar } from 'react-admin';
import { CredentialsForm } from './credentials-form';
import { CredentialsTitle } from './credentials-title';
import { DeleteCredentialsButton } from './delete-credentials-button';

function CredentialsEditActions() {
  return (
    <TopToolbar>
      <ShowButton />
    </TopToolbar>
  );
}

function CredentialsEditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteCredentialsButton />
    </Toolbar>
  );
}

/**
 * Changes a set: every subscription it serves sees the change on its next visit. Pessimistic, since
 * the server may refuse (moving a set in use to another plan).
 */
export function CredentialsEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" actions={<CredentialsEditActions />} title={<CredentialsTitle />}>
      <CredentialsForm editing toolbar={<CredentialsEditToolbar />} />
    </Edit>
  );
}
