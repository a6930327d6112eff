import type { AdminPlan, CredentialsDetail, CredentialsSummary, GeneratedPassword, Role } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminPlan } from '../../testing/fixtures';
import { json, page, renderResource, type Routes, clickSave } from '../../testing/render-resource';
import credentials from '.';

const set: CredentialsSummary = {
  id: 'cred-1',
  planId: 'netflix-premium',
  planName: 'Netflix Premium',
  email: 'family.share@example.com',
  hasPassword: true,
  hasAdditionalInfo: true,
  assignedCount: 2,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'admin-1',
  updatedBy: null,
};

function credentialsApi(): Routes {
  return {
    'GET /api/admin/credentials': () => page('credentials', [set]),
    'GET /api/admin/credentials/:id': () =>
      json<CredentialsDetail>({ ...set, password: 'S3cret-Pa55', additionalInfo: 'Profil « Camille »' }),
    'POST /api/admin/credentials/generate-password': () => json<GeneratedPassword>({ password: 'Gen3rated-Pw' }),
    'POST /api/admin/credentials': ({ body }) =>
      json<CredentialsDetail>(
        { ...set, id: 'cred-2', ...(body as { email: string }), password: 'Gen3rated-Pw', additionalInfo: null },
        { status: 201 },
      ),
    'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
    'GET /api/admin/users': () => page('users', []),
  };
}

/** The set's page, for a staff member holding `roles` when given (all is shown otherwise). */
const showSet = (options: { roles?: Role[]; locale?: 'fr' | 'en' } = {}) =>
  renderResource('credentials', credentials, {
    url: '/credentials/cred-1/show',
    api: credentialsApi(),
    references: ['plans', 'users'],
    ...options,
  });

describe('the service credentials (back-office)', () => {
  it('asks for the password only when the operator reveals it, and forgets it on "Masquer"', async () => {
    const { user, api } = showSet();

    expect(await screen.findByText('family.share@example.com')).toBeVisible();
    expect(screen.getByTestId('credentials-password')).not.toHaveTextContent('S3cret-Pa55');
    expect(api.callsTo('GET /api/admin/credentials/cred-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(await screen.findByText('S3cret-Pa55')).toBeVisible();
    expect(screen.getByText('Profil « Camille »')).toBeVisible();
    expect(api.callsTo('GET /api/admin/credentials/cred-1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(screen.queryByText('S3cret-Pa55')).not.toBeInTheDocument();
  });

  it('stores a new set with a generated password and opens it', async () => {
    const { user, api, location } = renderResource('credentials', credentials, {
      url: '/credentials/create',
      api: credentialsApi(),
      references: ['plans', 'users'],
    });

    await user.click(await screen.findByRole('combobox', { name: /^Plan/ }));
    await user.click(await screen.findByRole('option', { name: 'Netflix Premium' }));
    await user.type(screen.getByRole('textbox', { name: /^E-mail de connexion/ }), 'new.share@example.com');
    await user.click(screen.getByRole('button', { name: /Générer/ }));
    expect(await screen.findByText('Mot de passe généré automatiquement')).toBeVisible();
    await clickSave(user);

    await expect.poll(location).toBe('/credentials/cred-2/show');
    expect(api.callsTo('POST /api/admin/credentials')[0]?.body).toEqual({
      planId: 'netflix-premium',
      email: 'new.share@example.com',
      password: 'Gen3rated-Pw',
      additionalInfo: null,
    });
  });

  it('checks the form itself and says what is wrong in French, never with the browser’s own bubble', async () => {
    const { user, api } = renderResource('credentials', credentials, {
      url: '/credentials/create',
      api: credentialsApi(),
      references: ['plans', 'users'],
    });

    const email = await screen.findByRole('textbox', { name: /^E-mail de connexion/ });
    expect(email.closest('form')).toHaveAttribute('novalidate');
    await user.type(email, 'pas-une-adresse');
    await clickSave(user);

    expect(await screen.findByText('Doit être un email')).toBeVisible();
    expect(api.callsTo('POST /api/admin/credentials')).toHaveLength(0);
  });
});

describe('revealing a stored password by role (back-office)', () => {
  it('support says why first, in French, and the reason goes with the reading', async () => {
    const { user, api } = showSet({ roles: ['customer', 'support'], locale: 'fr' });

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
    const { user, api } = showSet({ roles: ['customer', 'owner'], locale: 'en' });

    await screen.findByRole('textbox', { name: 'Why you read it (optional)' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Show the password' }));
    expect(await screen.findByText('S3cret-Pa55')).toBeVisible();
    expect(api.callsTo('GET /api/admin/credentials/cred-1')[0]?.query.has('reason')).toBe(false);
  });
});
