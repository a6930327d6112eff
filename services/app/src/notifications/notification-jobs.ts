import { getNotificationSettings, insertNotification, type LocalizedText } from './notification-store.js';
import type { JobHandlers, SecurityNotificationKind } from '../jobs/job-queue.js';
import type { JobDependencies } from '../subscriptions/subscription-jobs.js';

const SECURITY_TEXTS: Record<SecurityNotificationKind, { title: LocalizedText; message: LocalizedText }> = {
  new_device_sign_in: {
    title: { fr: 'Nouvelle connexion', en: 'New sign-in' },
    message: {
      fr: "Une connexion à votre compte a eu lieu depuis un appareil que nous ne connaissions pas. Si ce n'était pas vous, changez votre mot de passe.",
      en: "Your account was signed in to from a device we had not seen before. If this wasn't you, change your password.",
    },
  },
  password_changed: {
    title: { fr: 'Mot de passe modifié', en: 'Password changed' },
    message: {
      fr: "Le mot de passe de votre compte a été modifié et vos autres sessions ont été fermées. Si ce n'était pas vous, contactez le support.",
      en: "Your account password was changed and your other sessions were signed out. If this wasn't you, contact support.",
    },
  },
  two_factor_enabled: {
    title: { fr: 'Double authentification activée', en: 'Two-factor authentication on' },
    message: {
      fr: 'La double authentification est maintenant activée : un code de votre application vous sera demandé à chaque connexion.',
      en: 'Two-factor authentication is now on: a code from your app will be asked for at each sign-in.',
    },
  },
  two_factor_disabled: {
    title: { fr: 'Double authentification désactivée', en: 'Two-factor authentication off' },
    message: {
      fr: "La double authentification a été désactivée sur votre compte. Si ce n'était pas vous, changez votre mot de passe et réactivez-la.",
      en: "Two-factor authentication was turned off on your account. If this wasn't you, change your password and turn it back on.",
    },
  },
  account_locked: {
    title: { fr: 'Compte temporairement bloqué', en: 'Account temporarily locked' },
    message: {
      fr: 'Après plusieurs tentatives de connexion échouées, votre compte est bloqué pendant quelques minutes. Vous pouvez aussi réinitialiser votre mot de passe.',
      en: 'After several failed sign-in attempts, your account is locked for a few minutes. You can also reset your password.',
    },
  },
  session_token_reused: {
    title: { fr: 'Session fermée par sécurité', en: 'Session closed for your security' },
    message: {
      fr: "Un jeton de session a été réutilisé, signe qu'il a peut-être été copié : nous avons fermé cette session. Reconnectez-vous et, si besoin, changez votre mot de passe.",
      en: 'A session token was used twice, a sign that it may have been copied: we closed that session. Sign in again and, if in doubt, change your password.',
    },
  },
};

export function createNotificationJobHandlers({
  knex,
  logger,
}: Pick<JobDependencies, 'knex' | 'logger'>): Pick<JobHandlers, 'notify-user'> {
  return {
    'notify-user': async ({ userId, kind, eventId, at }) => {
      if (!(await getNotificationSettings(knex, userId)).securityAlerts) return;
      const text = SECURITY_TEXTS[kind];
      // The event id is the notification id, so a retried job inserts once.
      const inserted = await insertNotification(knex, {
        id: eventId,
        userId,
        type: 'security',
        title: text.title,
        message: text.message,
        createdAt: new Date(at),
      });
      if (inserted) logger.info({ userId, kind }, 'security notification created');
    },
  };
}
