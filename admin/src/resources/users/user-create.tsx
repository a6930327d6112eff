import Typography from '@mui/material/Typography';
import { Create, useTranslate } from 'react-admin';
import { UserForm } from './user-form';

/** Opening an account for someone: they are mailed a link to choose their password. */
export function UserCreate() {
  const translate = useTranslate();
  return (
    <Create title="shop.users.createTitle" redirect="show" sx={{ '& .RaCreate-main': { maxWidth: 720 } }}>
      <Typography variant="body2" sx={{ px: 2, pt: 2, color: 'text.secondary' }}>
        {translate('shop.users.createHelp')}
      </Typography>
      <UserForm editing={false} />
    </Create>
  );
}
