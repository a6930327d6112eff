import type { ApiKeySummary, CreatedApiKey, RevokedApiKey } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clickSave, json, page, renderResource, type Routes } from '../../testing/render-resource';
import apiKeys from '.';

const accounting: ApiKeySummary = {
  id: 'k1',
  name: 'Export comptable',
  scopes: ['read:events', 'read:invoices'],
  prefix: 'sk_AbCd1234',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'owner-1',
  revokedAt: null,
  revokedBy: null,
  lastUsedAt: null,
};
const crm: ApiKeySummary = {
  ...accounting,
  id: 'k2',
  name: 'Ancien CRM',
  scopes: ['read:subscriptions'],
  prefix: 'sk_ZyXw9876',
  lastUsedAt: '2026-11-21T10:30:00.000Z',
  revokedAt: '2026-11-22T08:00:00.000Z',
  revokedBy: 'owner-1',
};
const KEY = `sk_${'N'.repeat(43)}`;

function keysApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/api-keys': () => page('api-keys', [accounting, crm]),
    'POST /api/admin/api-keys': () => json<CreatedApiKey>({ id: 'k3', key: KEY }, { status: 201 }),
    'DELETE /api/admin/api-keys/:id': ({ params }) =>
      json<RevokedApiKey>({ id: params.id!, revokedAt: '2026-11-26T10:00:00.000Z' }),
    ...overrides,
  };
}

describe('the API keys (back-office)', () => {
  it('lists the keys by name with their scopes and first characters, never used or when, revoked or not', async () => {
    renderResource('api-keys', apiKeys, { url: '/api-keys', api: keysApi() });

    const active = (await screen.findByText('Export comptable')).closest('tr')!;
    const revoked = screen.getByText('Ancien CRM').closest('tr')!;
    expect(within(active).getByText('read:invoices')).toBeVisible();
    expect(within(active).getByText('sk_AbCd1234…')).toBeVisible();
    expect(within(active).getByText('Jamais')).toBeVisible();
    expect(within(active).getByText('Active')).toBeVisible();
    expect(within(revoked).getByText('Révoquée')).toBeVisible();
    // A revoked key cannot be revoked again.
    expect(within(active).getByRole('button', { name: 'Révoquer' })).toBeVisible();
    expect(within(revoked).queryByRole('button', { name: 'Révoquer' })).not.toBeInTheDocument();
  });

  it('says there is none yet and invites to create the first', async () => {
    renderResource('api-keys', apiKeys, {
      url: '/api-keys',
      api: keysApi({ 'GET /api/admin/api-keys': () => page('api-keys', []) }),
    });

    expect(await screen.findByText('Aucune clé d’API pour l’instant.')).toBeVisible();
    expect(screen.getByText('Créez-en une pour qu’un programme appelle l’API.')).toBeVisible();
  });

  it('creates a key with its name and scopes, then shows the key once, to copy, before going back to the list', async () => {
    const { user, api, location } = renderResource('api-keys', apiKeys, { url: '/api-keys/create', api: keysApi() });

    await user.type(await screen.findByRole('textbox', { name: /^Nom/ }), 'Export comptable');
    await user.click(screen.getByRole('checkbox', { name: /read:invoices/ }));
    await user.click(screen.getByRole('checkbox', { name: /read:events/ }));
    await clickSave(user);

    const dialog = await screen.findByRole('dialog', { name: 'Votre nouvelle clé d’API' });
    expect(within(dialog).getByText('Copiez-la maintenant : elle ne sera plus jamais affichée.')).toBeVisible();
    expect(within(dialog).getByText(KEY)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copier code de la clé' })).toBeVisible();
    expect(api.callsTo('POST /api/admin/api-keys')[0]?.body).toEqual({
      name: 'Export comptable',
      scopes: ['read:invoices', 'read:events'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'J’ai copié la clé' }));
    await expect.poll(location).toBe('/api-keys');
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
  });

  it('asks for a name and at least one scope before creating anything', async () => {
    const { user, api } = renderResource('api-keys', apiKeys, { url: '/api-keys/create', api: keysApi() });

    await user.type(await screen.findByRole('textbox', { name: /^Nom/ }), 'Sans droit');
    await clickSave(user);

    expect(await screen.findByText('Ce champ est requis')).toBeVisible();
    expect(api.callsTo('POST /api/admin/api-keys')).toHaveLength(0);
  });

  it('revokes a key once the owner confirms, and not before', async () => {
    const { user, api } = renderResource('api-keys', apiKeys, { url: '/api-keys', api: keysApi() });

    const active = (await screen.findByText('Export comptable')).closest('tr')!;
    await user.click(within(active).getByRole('button', { name: 'Révoquer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Révoquer la clé « Export comptable » ?' });
    expect(api.callsTo('DELETE /api/admin/api-keys/k1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));

    await expect.poll(() => api.callsTo('DELETE /api/admin/api-keys/k1').length).toBe(1);
    expect(await screen.findByText('Clé révoquée')).toBeVisible();
  });
});
