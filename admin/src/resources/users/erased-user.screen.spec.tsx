import type { AdminSubscription, AdminUser } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminUser, aSubscription } from '../../testing/fixtures';
import { json, page, renderResource, type Routes } from '../../testing/render-resource';
import users from '.';

const erased = anAdminUser({
  id: 'user-gone',
  email: '[erased]',
  fullName: '[erased]',
  segment: 'expired',
  erasedAt: '2026-11-26T10:00:00.000Z',
});
const ended = aSubscription({
  id: 'sub-gone',
  userId: 'user-gone',
  customerEmail: '[erased]',
  customerName: '[erased]',
  status: 'cancelled',
  statusReason: 'customer erased',
});

function erasedApi(): Routes {
  return {
    'GET /api/admin/users/:id': () => json<AdminUser>(erased),
    'GET /api/admin/users/:id/history': () => page('history', []),
    'GET /api/admin/subscriptions': () => page<AdminSubscription>('subscriptions', [ended]),
    'GET /api/admin/inquiries': () => page('inquiries', []),
    'GET /api/admin/invoices': () => page('invoices', []),
    'GET /api/admin/plans': () => page('plans', []),
  };
}

const show = (locale?: 'en') =>
  renderResource('users', users, {
    url: '/users/user-gone/show',
    api: erasedApi(),
    references: ['subscriptions', 'inquiries', 'plans', 'credentials'],
    locale,
  });

describe('an erased person’s page (back-office)', () => {
  it('stays readable with their subscriptions, erased data shown as erased in French, nothing to change', async () => {
    show();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Cette personne a été effacée le 2026-11-26 11:00:00 \+01:00 : ses données personnelles ne sont plus lisibles/,
    );
    expect((await screen.findAllByText('[effacé]')).length).toBeGreaterThan(0);
    const subscriptions = screen.getByRole('region', { name: 'Abonnements' });
    expect(await within(subscriptions).findByText('Netflix Premium')).toBeVisible();
    expect(screen.queryByText('[erased]')).toBeNull();
    // No letter of "[erased]" stands for the person: only the sign of an erased account.
    expect(screen.queryByText('[')).toBeNull();
    for (const name of ['Attribuer un abonnement', 'Éditer', 'Supprimer'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Éditer' })).toBeNull();
  });

  it('says it in English', async () => {
    show('en');

    expect(await screen.findByRole('alert')).toHaveTextContent(/This person was erased on/);
    expect((await screen.findAllByText('[erased]')).length).toBeGreaterThan(0);
  });
});
