import type { MessageTree } from './merge-messages';

/** Staff roles and what they allow, in English. */
export const staffMessages: MessageTree = {
  resources: { users: { fields: { roles: 'Roles' } } },
  shop: {
    eventTypes: { RoleGranted: 'Role granted', RoleRevoked: 'Role revoked' },
    roles: { customer: 'Customer', owner: 'Owner', support: 'Support', finance: 'Finance' },
    staff: {
      reveal: { reason: 'Why you read it', reasonOptional: 'Why you read it (optional)' },
      roles: {
        held: 'Roles held',
        choose: 'Role to grant',
        grant: 'Grant',
        revoke: 'Revoke the %{role} role',
        granted: 'Role %{role} granted',
        revoked: 'Role %{role} revoked',
      },
      notForRole: {
        title: 'Not part of your role',
        message: 'Your role does not give access to this page. An owner can grant you the role it needs.',
      },
      twoFactorRequired: {
        title: 'Turn on two-factor authentication',
        message:
          'The back-office is open to staff with two-factor authentication only. Turn it on from your account’s security page with an authenticator app.',
        then: 'Once it is on, come back here: the back-office opens.',
        setUp: 'Set up two-factor authentication',
        retry: 'It is on: open the back-office',
      },
    },
    errors: {
      role: { last_owner: 'This is the last owner: grant the owner role to someone else first.' },
      credentials: { reason_required: 'Say why you read this password: it is recorded with the reading.' },
      auth: { two_factor_required: 'Turn on two-factor authentication to use the back-office.' },
      staff: { own_account: 'Staff do not act on their own account or subscriptions: ask another staff member.' },
    },
  },
};
