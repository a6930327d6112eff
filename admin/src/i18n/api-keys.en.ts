import type { MessageTree } from './merge-messages';

/** API keys (owners only), in English. */
export const apiKeysMessages: MessageTree = {
  resources: {
    'api-keys': {
      name: 'API key |||| API keys',
      empty: 'No API keys yet.',
      invite: 'Create one for a program to call the API.',
      fields: {
        name: 'Name',
        scopes: 'Scopes',
        prefix: 'Key starts with',
        createdAt: 'Created',
        lastUsedAt: 'Last used',
        revokedAt: 'Status',
      },
    },
  },
  shop: {
    apiKeys: {
      createTitle: 'New API key',
      nameHelp: 'To recognise it: the program that uses it ("Accounting export").',
      scopesHelp: 'The key opens these and nothing else.',
      scopes: {
        'read:subscriptions': 'Read subscriptions (read:subscriptions)',
        'read:invoices': 'Read invoices and credit notes (read:invoices)',
        'read:customers': 'Read customers (read:customers)',
        'read:events': 'Read the event log (read:events)',
        'read:personal-data': "Customers' names, e-mails and billing details, in what it reads (read:personal-data)",
        'write:credentials': 'Store and assign credentials (write:credentials)',
      },
      shownOnceTitle: 'Your new API key',
      shownOnce: 'Copy it now: it will never be shown again.',
      keyLabel: 'API key',
      copyLabel: 'Key',
      copiedDone: 'I have copied the key',
      active: 'Active',
      revoked: 'Revoked',
      neverUsed: 'Never',
      revoke: 'Revoke',
      revokeTitle: 'Revoke the key "%{name}"?',
      revokeConfirm: 'Programs using it are refused at once. This cannot be undone.',
      revokedNotice: 'Key revoked',
    },
  },
};
