import { email, required, SimpleForm, TextInput, Toolbar, SaveButton, type SimpleFormProps } from 'react-admin';
import { EraseUserButton } from './erase-user-button';

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', bgcolor: 'background.paper' }}>
      <SaveButton />
      <EraseUserButton />
    </Toolbar>
  );
}

/** The seeds' user dialog: the e-mail (required) and the full name (optional). */
export function UserForm({ editing, ...props }: { editing: boolean } & Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props} toolbar={editing ? <EditToolbar /> : undefined} sx={{ maxWidth: 560 }}>
      <TextInput
        source="email"
        type="email"
        validate={[required(), email()]}
        helperText="shop.users.emailHelp"
        fullWidth
      />
      <TextInput source="fullName" fullWidth />
    </SimpleForm>
  );
}
