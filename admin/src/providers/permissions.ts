import { permissionsOf, type Permission, type Role } from '@shop/contracts';

/**
 * What the back-office shows a staff member: the permission each screen and action needs, as the
 * API's rules say (services/app/src/api/auth/admin-permissions.ts). Only the display follows it:
 * the API refuses on its own whatever a role may not do.
 */
const READ_ACTIONS = new Set(['list', 'show', 'export']);

const RESOURCE_PERMISSIONS: Record<string, { read: Permission; write: Permission }> = {
  users: { read: 'back_office.read', write: 'users.manage' },
  subscriptions: { read: 'back_office.read', write: 'subscriptions.manage' },
  inquiries: { read: 'inquiries.manage', write: 'inquiries.manage' },
  credentials: { read: 'credentials.manage', write: 'credentials.manage' },
  invoices: { read: 'invoices.read', write: 'invoices.read' },
  plans: { read: 'back_office.read', write: 'catalogue.manage' },
  'promo-codes': { read: 'back_office.read', write: 'catalogue.manage' },
  /** The custom pages and actions that are not resources. */
  'vat-report': { read: 'invoices.read', write: 'invoices.read' },
  sync: { read: 'subscriptions.manage', write: 'subscriptions.manage' },
  'free-offer': { read: 'back_office.read', write: 'catalogue.manage' },
  'mail-previews': { read: 'back_office.read', write: 'back_office.read' },
  roles: { read: 'back_office.read', write: 'staff.manage' },
  refunds: { read: 'refunds.issue', write: 'refunds.issue' },
  exports: { read: 'data.export', write: 'data.export' },
};

/** The permission an action on a resource needs; null for one the back-office does not know. */
export function permissionNeeded(resource: string, action: string): Permission | null {
  const needs = RESOURCE_PERMISSIONS[resource];
  if (!needs) return null;
  return action === 'export' && resource !== 'exports'
    ? 'data.export'
    : READ_ACTIONS.has(action)
      ? needs.read
      : needs.write;
}

/** Whether the roles allow the action; an unknown resource is for owners. */
export function rolesAllow(roles: readonly Role[], resource: string, action: string): boolean {
  const needed = permissionNeeded(resource, action);
  return needed ? permissionsOf(roles).includes(needed) : roles.includes('owner');
}
