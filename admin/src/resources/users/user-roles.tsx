import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { STAFF_ROLES, type StaffRole } from '@shop/contracts';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { User } from './user-vocabulary';

/**
 * The roles a user holds (everyone is a customer; staff hold owner, support or finance besides).
 * An owner grants and revokes staff roles here; the API records each change with the owner as
 * actor and keeps the last owner (409 `role.last_owner`, said in the operator's language).
 */
export function UserRoles({ user }: { user: User }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'roles', action: 'edit' });
  // An erased person's page is there to be read: nothing is granted to them any more.
  const manages = canAccess && !user.erasedAt;
  const [chosen, setChosen] = useState<StaffRole | ''>('');
  const [busy, setBusy] = useState(false);
  const grantable = STAFF_ROLES.filter((role) => !user.roles.includes(role));
  const roleName = (role: string) => translate(`shop.roles.${role}`, { _: role });

  const change = async (work: () => Promise<unknown>, done: string, role: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success', messageArgs: { role: roleName(role) } });
      setChosen('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const grant = (role: StaffRole) =>
    change(() => dataProvider.create(`users/${user.id}/roles`, { data: { role } }), 'shop.staff.roles.granted', role);
  const revoke = (role: StaffRole) =>
    change(
      () => dataProvider.delete(`users/${user.id}/roles`, { id: role, previousData: { id: role } }),
      'shop.staff.roles.revoked',
      role,
    );

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        component="ul"
        aria-label={translate('shop.staff.roles.held')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {user.roles.map((role) => (
          <li key={role}>
            <Chip size="small" color={role === 'customer' ? 'default' : 'primary'} label={roleName(role)} />
          </li>
        ))}
      </Box>
      {manages && (
        <>
          {user.roles
            .filter((role): role is StaffRole => role !== 'customer')
            .map((role) => (
              <Button
                key={role}
                size="small"
                variant="text"
                color="error"
                disabled={busy}
                onClick={() => void revoke(role)}
                sx={{ justifySelf: 'start' }}
              >
                {translate('shop.staff.roles.revoke', { role: roleName(role) })}
              </Button>
            ))}
          {grantable.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={translate('shop.staff.roles.choose')}
                value={chosen}
                onChange={(event) => setChosen(event.target.value as StaffRole)}
                sx={{ minWidth: 180 }}
              >
                {grantable.map((role) => (
                  <MenuItem key={role} value={role}>
                    {roleName(role)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                size="small"
                disabled={busy || chosen === ''}
                onClick={() => chosen && void grant(chosen)}
              >
                {translate('shop.staff.roles.grant')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
