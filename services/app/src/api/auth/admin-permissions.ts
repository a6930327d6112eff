import type { Permission } from '@shop/domain';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface PermissionRule {
  /** A documented path, or the start of some (whole segments): `/api/admin/users` covers `/api/admin/users/:id`. */
  path: string;
  /** Only for these methods; every method when absent. */
  methods?: readonly Method[];
  permission: Permission;
}

const READ: readonly Method[] = ['get'];

/**
 * The permission each back-office operation needs, by family of routes; the first rule that
 * matches an operation's documented path and method wins. An operation no rule names is for
 * owners only (who hold every permission) and the test of every `/api/admin` route fails on it.
 */
export const ADMIN_PERMISSION_RULES: readonly PermissionRule[] = [
  { path: '/api/admin/users/:id/roles', permission: 'staff.manage' },
  { path: '/api/admin/api-keys', permission: 'api_keys.manage' },
  { path: '/api/admin/webhook-endpoints', permission: 'webhooks.manage' },
  { path: '/api/admin/webhook-deliveries', permission: 'webhooks.manage' },
  { path: '/api/admin/users/:id/subscriptions', methods: ['post'], permission: 'subscriptions.manage' },
  { path: '/api/admin/users', methods: READ, permission: 'back_office.read' },
  { path: '/api/admin/users', permission: 'users.manage' },
  { path: '/api/admin/inquiries', permission: 'inquiries.manage' },
  { path: '/api/admin/credential-reveals', permission: 'credentials.manage' },
  { path: '/api/admin/credentials', permission: 'credentials.manage' },
  { path: '/api/admin/subscriptions/:id/credentials', permission: 'credentials.manage' },
  { path: '/api/admin/subscriptions/:id/refunds', permission: 'refunds.issue' },
  { path: '/api/admin/subscriptions', methods: READ, permission: 'back_office.read' },
  { path: '/api/admin/subscriptions', permission: 'subscriptions.manage' },
  { path: '/api/admin/payments', permission: 'subscriptions.manage' },
  { path: '/api/admin/exports', permission: 'data.export' },
  { path: '/api/admin/invoices', permission: 'invoices.read' },
  { path: '/api/admin/reports', permission: 'invoices.read' },
  { path: '/api/admin/stats', permission: 'back_office.read' },
  { path: '/api/admin/work-queue', permission: 'back_office.read' },
  { path: '/api/admin/mail-previews', permission: 'back_office.read' },
  { path: '/api/admin/time-zone', permission: 'back_office.read' },
  { path: '/api/admin/plans', methods: READ, permission: 'back_office.read' },
  { path: '/api/admin/plans', permission: 'catalogue.manage' },
  { path: '/api/admin/promo-codes', methods: READ, permission: 'back_office.read' },
  { path: '/api/admin/promo-codes', permission: 'catalogue.manage' },
  { path: '/api/admin/free-offer', methods: READ, permission: 'back_office.read' },
  { path: '/api/admin/free-offer', permission: 'catalogue.manage' },
];

const covers = (rule: string, path: string) => path === rule || path.startsWith(`${rule}/`);

/** The permission a documented back-office operation needs; null when no rule names it (owners only). */
export function permissionFor(method: string, documentedPath: string): Permission | null {
  const verb = method.toLowerCase() as Method;
  const rule = ADMIN_PERMISSION_RULES.find(
    (candidate) => covers(candidate.path, documentedPath) && (!candidate.methods || candidate.methods.includes(verb)),
  );
  return rule?.permission ?? null;
}

/** What a back-office write names the accounts it acts on by: the path's account or subscription, or a list in its body. */
export type ActedOn = { account: 'id' } | { subscription: 'id' } | { subscriptions: string };

/**
 * The back-office writes that act on a customer's account or subscriptions. Staff without
 * `staff.manage` (support, finance) do not do these to their own (403 `staff.own_account`): a
 * subscription given to oneself, one's own payment refunded, a password assigned to oneself.
 */
const ACTS_ON_ACCOUNTS: ReadonlyArray<{ path: string; actsOn: ActedOn }> = [
  { path: '/api/admin/users/:id', actsOn: { account: 'id' } },
  { path: '/api/admin/subscriptions/bulk-status', actsOn: { subscriptions: 'ids' } },
  { path: '/api/admin/subscriptions/:id', actsOn: { subscription: 'id' } },
  { path: '/api/admin/credentials/:id/assignments', actsOn: { subscriptions: 'subscriptionIds' } },
];

/** How a documented back-office operation names the accounts it acts on; null for a read or an act on none. */
export function actedOnBy(method: string, documentedPath: string): ActedOn | null {
  if (method.toLowerCase() === 'get') return null;
  return ACTS_ON_ACCOUNTS.find(({ path }) => covers(path, documentedPath))?.actsOn ?? null;
}
