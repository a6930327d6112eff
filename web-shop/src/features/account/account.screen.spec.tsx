import type {
  AccountSession,
  AccountSessions,
  NotificationList,
  NotificationSettings,
  SecurityActivity,
  UserNotification,
} from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NotificationsRoute from '../../app/routes/notifications';
import SecurityRoute from '../../app/routes/security';
import { aCustomer } from '../../testing/fixtures';
import type { Routes } from '../../testing/fetch-mock';
import { json, noContent, problem, renderScreen } from '../../testing/render-screen';

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: 'session-1',
  device: 'Firefox on Linux',
  location: 'France',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastSeenAt: '2026-11-25T09:00:00.000Z',
  current: true,
  ...overrides,
});

function securityApi(overrides: Routes = {}): Routes {
  let sessions = [session({}), session({ id: 'session-2', device: 'Safari on iOS', current: false })];
  return {
    'GET /api/me/sessions': () => json<AccountSessions>({ data: sessions }),
    'DELETE /api/me/sessions/:id': ({ params }) => {
      sessions = sessions.filter((one) => one.id !== params.id);
      return noContent();
    },
    'GET /api/me/security-activity': () => json<SecurityActivity>({ data: [] }),
    ...overrides,
  };
}

const security = (api: Routes) => renderScreen(<SecurityRoute />, { path: '/security', user: aCustomer(), api });

describe('the security screen (/security)', () => {
  it('asks a visitor to sign in', async () => {
    renderScreen(<SecurityRoute />, { path: '/security' });

    expect(await screen.findByText('Veuillez vous connecter pour gérer la sécurité de votre compte.')).toBeVisible();
  });

  it('changes the password, and puts the server’s refusal of the current one under its field', async () => {
    const { user, api } = security(
      securityApi({ 'POST /api/me/password': () => problem(400, 'auth.current_password_incorrect') }),
    );

    await user.type(await screen.findByLabelText(/^Mot de passe actuel/), 'old one');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'new password');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'new password');
    await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));

    expect(await screen.findByLabelText(/^Mot de passe actuel/)).toHaveAccessibleDescription(
      'Le mot de passe actuel est incorrect',
    );
    expect(api.callsTo('POST /api/me/password')[0]?.body).toEqual({
      currentPassword: 'old one',
      newPassword: 'new password',
    });
  });

  it('says when too many current passwords were tried, rather than that it is wrong', async () => {
    const { user } = security(
      securityApi({ 'POST /api/me/password': () => problem(429, 'auth.password_checks_exhausted') }),
    );

    await user.type(await screen.findByLabelText(/^Mot de passe actuel/), 'old one');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'new password');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'new password');
    await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));

    expect(await screen.findByText('Trop de mots de passe actuels essayés : réessayez dans une heure.')).toBeVisible();
    expect(screen.getByLabelText(/^Mot de passe actuel/)).not.toHaveAccessibleDescription(
      'Le mot de passe actuel est incorrect',
    );
  });

  it('says in French what the new password lacks', async () => {
    const { user, api } = security(securityApi());

    await user.type(await screen.findByLabelText(/^Mot de passe actuel/), 'old one');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'short');
    await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));

    expect(await screen.findByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();
    expect(screen.getByText('Veuillez confirmer le nouveau mot de passe')).toBeVisible();
    expect(api.callsTo('POST /api/me/password')).toHaveLength(0);
  });

  it('signs another device out', async () => {
    const { user, api } = security(securityApi());

    expect(await screen.findAllByTestId('session')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /^Déconnecter la session/ }));

    await expect.poll(() => screen.queryAllByTestId('session').length).toBe(1);
    expect(api.callsTo('DELETE /api/me/sessions/session-2')).toHaveLength(1);
    expect(await screen.findByText("L'appareil a été déconnecté")).toBeVisible();
  });
});

const notification = (overrides: Partial<UserNotification>): UserNotification => ({
  id: 'n-1',
  type: 'subscription',
  title: 'Abonnement activé',
  message: 'Votre abonnement Netflix Premium est actif.',
  read: false,
  createdAt: '2026-11-25T08:00:00.000Z',
  ...overrides,
});

function notificationsApi(): Routes {
  let notifications = [
    notification({}),
    notification({ id: 'n-2', type: 'security', title: 'Nouvelle connexion', read: false }),
  ];
  let settings: NotificationSettings = {
    emailNotifications: true,
    pushNotifications: true,
    subscriptionAlerts: true,
    securityAlerts: true,
    promotionalEmails: false,
  };
  return {
    'GET /api/me/notifications': () =>
      json<NotificationList>({ data: notifications, unread: notifications.filter((one) => !one.read).length }),
    'POST /api/me/notifications/:id/read': ({ params }) => {
      notifications = notifications.map((one) => (one.id === params.id ? { ...one, read: true } : one));
      return noContent();
    },
    'GET /api/me/notification-settings': () => json<NotificationSettings>(settings),
    'PATCH /api/me/notification-settings': ({ body }) => {
      settings = { ...settings, ...(body as Partial<NotificationSettings>) };
      return json<NotificationSettings>(settings);
    },
  };
}

describe('the notifications (/notifications)', () => {
  it('marks one notification read and counts the unread ones again', async () => {
    const { user, api } = renderScreen(<NotificationsRoute />, {
      path: '/notifications',
      user: aCustomer(),
      api: notificationsApi(),
    });

    expect(await screen.findByText('2 non lues')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Marquer comme lue la notification « Abonnement activé »' }));

    expect(await screen.findByText('1 non lue')).toBeVisible();
    expect(api.callsTo('POST /api/me/notifications/n-1/read')).toHaveLength(1);
  });

  it('turns promotional e-mails on with only that setting sent', async () => {
    const { user, api } = renderScreen(<NotificationsRoute />, {
      path: '/notifications',
      user: aCustomer(),
      api: notificationsApi(),
    });

    const promotional = await screen.findByRole('switch', { name: /E-mails promotionnels/ });
    expect(promotional).not.toBeChecked();
    await user.click(promotional);

    await expect
      .poll(() => api.callsTo('PATCH /api/me/notification-settings')[0]?.body)
      .toEqual({
        promotionalEmails: true,
      });
    expect(within(document.body).getByRole('switch', { name: /E-mails promotionnels/ })).toBeChecked();
  });
});
