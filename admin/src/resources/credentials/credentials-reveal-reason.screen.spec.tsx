import type { AdminPlan, CredentialsDetail, CredentialsSummary } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminPlan } from '../../testing/fixtures';
import { json, page, renderResource, type Routes } from '../../testing/render-resource';
import credentials from '.';

const set: CredentialsSummary = {
  id: 'cred-1',
  planId: 'netflix-premium',
  planName: 'Netflix Premium',
  email: 'family.share@example.com',
  hasPassword: true,
  hasAdditionalInfo: false,
  assignedCount: 1,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'admin-1',
  updatedBy: null,
};

const credentialsApi = (): Routes => ({
  'GET /api/admin/credentials': () => page('credentials', [set]),
  'GET /api/admin/credentials/:id': () =>
    json<CredentialsDetail>({ ...set, password: 'S3cret-Pa55', additionalInfo: null }),
  'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
  'GET /api/admin/users': () => page('users', []),
});

describe('revealing a stored password by role (back-office)', () => {
  it('support says why first, in French, and the reason goes with the reading', async () => {
    const { user, api } = renderResource('credentials', credentials, {
      url: '/credentials/cred-1/show',
      api: credentialsApi(),
      references: ['plans', 'users'],
      roles: ['customer', 'support'],
      locale: 'fr',
    });

    const reason = await screen.findByRole('textbox', { name: /Pourquoi vous le lisez/ }, { timeout: 8000 });
    const reveal = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(reveal).toBeDisabled();
    await user.type(reason, 'Le client ne peut plus se connecter');
    await user.click(reveal);
    expect(await screen.findByText('S3cret-Pa55')).toBeVisible();
    const [reading] = api.callsTo('GET /api/admin/credentials/cred-1');
    expect(reading?.query.get('reason')).toBe('Le client ne peut plus se connecter');
  });

  it('an owner may reveal without a reason, in English', async () => {
    const { user, api } = renderResource('credentials', credentials, {
      url: '/credentials/cred-1/show',
      api: credentialsApi(),
      references: ['plans', 'users'],
      roles: ['customer', 'owner'],
      locale: 'en',
    });

    await screen.findByRole('textbox', { name: 'Why you read it (optional)' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Show the password' }));
    expect(await screen.findByText('S3cret-Pa55')).toBeVisible();
    expect(api.callsTo('GET /api/admin/credentials/cred-1')[0]?.query.has('reason')).toBe(false);
  });
});
