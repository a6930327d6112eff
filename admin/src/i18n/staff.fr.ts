import type { MessageTree } from './merge-messages';

/** Les rôles du personnel et ce qu'ils permettent, en français. */
export const staffMessages: MessageTree = {
  resources: { users: { fields: { roles: 'Rôles' } } },
  shop: {
    eventTypes: { RoleGranted: 'Rôle accordé', RoleRevoked: 'Rôle retiré' },
    roles: { customer: 'Client', owner: 'Propriétaire', support: 'Support', finance: 'Finance' },
    staff: {
      reveal: { reason: 'Pourquoi vous le lisez', reasonOptional: 'Pourquoi vous le lisez (facultatif)' },
      roles: {
        held: 'Rôles détenus',
        choose: 'Rôle à accorder',
        grant: 'Accorder',
        revoke: 'Retirer le rôle %{role}',
        granted: 'Rôle %{role} accordé',
        revoked: 'Rôle %{role} retiré',
      },
      notForRole: {
        title: 'Hors de votre rôle',
        message:
          "Votre rôle ne donne pas accès à cette page. Un propriétaire peut vous accorder le rôle qu'elle demande.",
      },
      twoFactorRequired: {
        title: 'Activez la double authentification',
        message:
          "L'administration n'est ouverte qu'au personnel qui a activé la double authentification. Activez-la depuis la page sécurité de votre compte, avec une application d'authentification.",
        then: "Une fois activée, revenez ici : l'administration s'ouvre.",
        setUp: 'Activer la double authentification',
        retry: "C'est fait : ouvrir l'administration",
      },
    },
    errors: {
      role: {
        last_owner: "C'est le dernier propriétaire : accordez d'abord le rôle de propriétaire à quelqu'un d'autre.",
      },
      credentials: {
        reason_required: 'Dites pourquoi vous lisez ce mot de passe : la raison est notée avec la lecture.',
      },
      auth: {
        two_factor_required: "Activez la double authentification pour utiliser l'administration.",
      },
      staff: {
        own_account:
          "L'équipe n'agit pas sur son propre compte ni ses abonnements : demandez-le à un autre membre de l'équipe.",
      },
    },
  },
};
