import type { AdminPlan, AdminUser } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminPlan, anAdminUser } from '../../testing/fixtures';
import { json, page, renderResource, type Routes, clickSave } from '../../testing/render-resource';
import users from '.';

const camille = anAdminUser();

function usersApi(): Routes {
  let stored = [camille];
  return {
    'GET /api/admin/users/:id': ({ params }) =>
      json<AdminUser | undefined>(stored.find((user) => user.id === params.id)),
    'POST /api/admin/users': ({ body }) => {
      const created = anAdminUser({
        id: 'user-9',
        ...(body as Pick<AdminUser, 'email' | 'fullName'>),
        segment: 'without',
        totalSpentCents: 0,
      });
      stored = [...stored, created];
      return json<AdminUser>(created, { status: 201 });
    },
    'GET /api/admin/users/:id/history': () => page('history', []),
    'GET /api/admin/subscriptions': () => page('subscriptions', []),
    'GET /api/admin/inquiries': () => page('inquiries', []),
    'GET /api/admin/invoices': () => page('invoices', []),
    'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
  };
}

describe('the users (back-office)', () => {
  it('shows a customer with their segment', async () => {
    renderResource('users', users, {
      url: '/users/user-1/show',
      api: usersApi(),
      references: ['subscriptions', 'inquiries', 'plans', 'credentials'],
    });

    expect(await screen.findByText('camille@example.com')).toBeVisible();
    expect(screen.getAllByText('Camille Martin')[0]).toBeVisible();
    expect(screen.getAllByText('Avec abonnement')[0]).toBeVisible();
  });

  it('opens an account with the e-mail and name typed, refusing a malformed address in French', async () => {
    const { user, api, location } = renderResource('users', users, {
      url: '/users/create',
      api: usersApi(),
      references: ['subscriptions', 'inquiries', 'plans', 'credentials'],
    });

    await user.type(await screen.findByRole('textbox', { name: /^E-mail/ }), 'lea@example');
    await clickSave(user);
    expect(await screen.findByText('Doit être un email')).toBeVisible();
    expect(api.callsTo('POST /api/admin/users')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), '.com');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Léa Petit');
    await clickSave(user);

    expect(await screen.findByText('Utilisateur créé avec succès')).toBeVisible();
    expect(api.callsTo('POST /api/admin/users')[0]?.body).toEqual({ email: 'lea@example.com', fullName: 'Léa Petit' });
    await expect.poll(location).toBe('/users/user-9/show');
  });
});
