import type { AdminPlan, AdminUser, Role } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminPlan, anAdminUser } from '../../testing/fixtures';
import { json, page, problem, renderResource, type Routes } from '../../testing/render-resource';
import users from '.';

function usersApi(user: AdminUser, overrides: Routes = {}): Routes {
  let stored = user;
  return {
    'GET /api/admin/users/:id': () => json<AdminUser>(stored),
    'POST /api/admin/users/:id/roles': ({ body }) => {
      const { role } = body as { role: AdminUser['roles'][number] };
      stored = { ...stored, roles: [...stored.roles, role] };
      return json<AdminUser>(stored);
    },
    'DELETE /api/admin/users/:id/roles/:role': ({ params }) => {
      stored = { ...stored, roles: stored.roles.filter((role) => role !== params.role) };
      return json<AdminUser>(stored);
    },
    'GET /api/admin/users/:id/history': () => page('history', []),
    'GET /api/admin/subscriptions': () => page('subscriptions', []),
    'GET /api/admin/inquiries': () => page('inquiries', []),
    'GET /api/admin/invoices': () => page('invoices', []),
    'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
    ...overrides,
  };
}

/** Camille's page (user-1), read by a staff member holding `roles`, in `locale`. */
const showUser = (api: Routes, roles: Role[], locale: 'fr' | 'en') =>
  renderResource('users', users, {
    url: '/users/user-1/show',
    api,
    references: ['subscriptions', 'inquiries', 'plans', 'credentials', 'invoices'],
    roles,
    locale,
  });

describe("a user's roles (back-office)", () => {
  it('an owner grants a role and revokes one, in French', async () => {
    const { user, api } = showUser(
      usersApi(anAdminUser({ roles: ['customer', 'support'] })),
      ['customer', 'owner'],
      'fr',
    );

    const held = await screen.findByRole('list', { name: 'Rôles détenus' }, { timeout: 8000 });
    expect(within(held).getByText('Client')).toBeVisible();
    expect(within(held).getByText('Support')).toBeVisible();

    await user.click(await screen.findByRole('combobox', { name: /Rôle à accorder/ }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(screen.getByRole('button', { name: 'Accorder' }));
    expect(await screen.findByText('Rôle Finance accordé')).toBeVisible();
    expect(api.callsTo('POST /api/admin/users/user-1/roles').map((call) => call.body)).toEqual([{ role: 'finance' }]);
    expect(await within(held).findByText('Finance')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Retirer le rôle Support' }));
    expect(await screen.findByText('Rôle Support retiré')).toBeVisible();
    expect(api.callsTo('DELETE /api/admin/users/user-1/roles/support')).toHaveLength(1);
  });

  it('says in English that the last owner keeps the role', async () => {
    const { user } = showUser(
      usersApi(anAdminUser({ roles: ['customer', 'owner'] }), {
        'DELETE /api/admin/users/:id/roles/:role': () => problem(409, 'role.last_owner'),
      }),
      ['customer', 'owner'],
      'en',
    );

    await user.click(await screen.findByRole('button', { name: 'Revoke the Owner role' }, { timeout: 8000 }));
    expect(
      await screen.findByText('This is the last owner: grant the owner role to someone else first.'),
    ).toBeVisible();
  });

  it('shows the roles to support without a way to change them, in English', async () => {
    showUser(usersApi(anAdminUser({ roles: ['customer', 'finance'] })), ['customer', 'support'], 'en');

    const held = await screen.findByRole('list', { name: 'Roles held' }, { timeout: 8000 });
    expect(within(held).getByText('Finance')).toBeVisible();
    // The owner-only controls never appear, once the access check has answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Grant' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke the/ })).toBeNull();
  });
});
