import type { MessageTree } from './merge-messages';

/** API keys (réservées aux propriétaires), in French. */
export const apiKeysMessages: MessageTree = {
  resources: {
    'api-keys': {
      name: 'Clé d’API |||| Clés d’API',
      empty: 'Aucune clé d’API pour l’instant.',
      invite: 'Créez-en une pour qu’un programme appelle l’API.',
      fields: {
        name: 'Nom',
        scopes: 'Droits',
        prefix: 'Début de la clé',
        createdAt: 'Créée le',
        lastUsedAt: 'Dernier usage',
        revokedAt: 'État',
      },
    },
  },
  shop: {
    apiKeys: {
      createTitle: 'Nouvelle clé d’API',
      nameHelp: 'Pour la reconnaître : le programme qui l’utilise (« Export comptable »).',
      scopesHelp: 'La clé n’ouvre que ces accès, nulle part ailleurs.',
      scopes: {
        'read:subscriptions': 'Lire les abonnements (read:subscriptions)',
        'read:invoices': 'Lire les factures et avoirs (read:invoices)',
        'read:customers': 'Lire les clients (read:customers)',
        'read:events': 'Lire le journal des événements (read:events)',
        'read:personal-data':
          'Noms, e-mails et coordonnées de facturation des clients dans ce qu’elle lit (read:personal-data)',
        'write:credentials': 'Créer et attribuer des identifiants (write:credentials)',
      },
      shownOnceTitle: 'Votre nouvelle clé d’API',
      shownOnce: 'Copiez-la maintenant : elle ne sera plus jamais affichée.',
      keyLabel: 'Clé d’API',
      copyLabel: 'Code de la clé',
      copiedDone: 'J’ai copié la clé',
      active: 'Active',
      revoked: 'Révoquée',
      neverUsed: 'Jamais',
      revoke: 'Révoquer',
      revokeTitle: 'Révoquer la clé « %{name} » ?',
      revokeConfirm: 'Les programmes qui l’utilisent seront refusés aussitôt. Irréversible.',
      revokedNotice: 'Clé révoquée',
    },
  },
};
