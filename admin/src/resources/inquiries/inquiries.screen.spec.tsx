import type { Inquiry } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, problem, renderResource, type Routes, clickSave } from '../../testing/render-resource';
import inquiries from '.';

const support: Inquiry = {
  id: 'inq-1',
  kind: 'support',
  status: 'new',
  version: 2,
  userId: null,
  language: 'fr',
  email: 'camille@example.com',
  name: null,
  companyName: null,
  subject: 'Double paiement',
  category: 'payment',
  receivedAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  statusChangedBy: null,
  details: { message: 'Ma carte a été débitée deux fois.' },
};

function inquiriesApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/inquiries': () => page('inquiries', [support]),
    'GET /api/admin/inquiries/:id': () => json<Inquiry>(support),
    'PUT /api/admin/inquiries/:id': ({ body }) =>
      json<Inquiry>({ ...support, ...(body as Pick<Inquiry, 'status'>), version: 3 }),
    ...overrides,
  };
}

describe('the inquiries (back-office)', () => {
  it('lists what visitors sent and opens one', async () => {
    const { user, location } = renderResource('inquiries', inquiries, {
      url: '/inquiries',
      api: inquiriesApi(),
      references: ['users'],
    });

    const row = (await screen.findByText('Double paiement')).closest('tr');
    expect(within(row!).getByText('Support')).toBeVisible();
    expect(within(row!).getByText('Nouvelle')).toBeVisible();
    await user.click(within(row!).getByText('camille@example.com'));

    await expect.poll(location).toBe('/inquiries/inq-1/show');
    expect(await screen.findByText('Ma carte a été débitée deux fois.')).toBeVisible();
  });

  it('moves an inquiry to "En cours", sending only the status and the version read', async () => {
    const { user, api, location } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1',
      api: inquiriesApi(),
      references: ['users'],
    });

    await user.click(await screen.findByRole('combobox', { name: /^Statut/ }));
    await user.click(await screen.findByRole('option', { name: 'En cours' }));
    await clickSave(user);

    // What happened, with the status in the operator's words (never the raw `in_progress`).
    expect(await screen.findByText('Demande passée à « En cours »')).toBeVisible();
    expect(screen.queryByText('Élément mis à jour')).toBeNull();
    await expect.poll(location).toBe('/inquiries');
    expect(api.callsTo('PUT /api/admin/inquiries/inq-1')[0]?.body).toEqual({ status: 'in_progress', version: 2 });
  });

  it('says in French that someone changed it meanwhile', async () => {
    const { user } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1',
      api: inquiriesApi({ 'PUT /api/admin/inquiries/:id': () => problem(409, 'inquiry.stale') }),
      references: ['users'],
    });

    await user.click(await screen.findByRole('combobox', { name: /^Statut/ }));
    await user.click(await screen.findByRole('option', { name: 'Fermée' }));
    await clickSave(user);

    expect(await screen.findByText(/Cette demande a été modifiée par quelqu'un d'autre/)).toBeVisible();
  });

  it('says in English what the change did', async () => {
    const { user } = renderResource('inquiries', inquiries, {
      url: '/inquiries/inq-1',
      api: inquiriesApi(),
      references: ['users'],
      locale: 'en',
    });

    await user.click(await screen.findByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText('Inquiry moved to “Closed”')).toBeVisible();
  });
});
