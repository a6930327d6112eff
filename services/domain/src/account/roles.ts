/**
 * Who may do what in the back-office. Every account is a `customer`; staff hold one or more of
 * the staff roles besides. What a role may do is a list of permissions, one per family of
 * back-office operations; the server checks the permission an operation needs on every request.
 */
export const ROLES = ['customer', 'owner', 'support', 'finance'] as const;
export type Role = (typeof ROLES)[number];

/** The roles granted and revoked: `customer` is every account's and is neither. */
export const STAFF_ROLES = ['owner', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * A role as recorded: grants written before staff roles existed name `admin`, the one
 * administrator role of the time, who could do everything: they read as `owner`.
 */
export const recordedRole = (role: string): StaffRole | null =>
  role === 'admin' ? 'owner' : isStaffRole(role) ? role : null;

export const PERMISSIONS = [
  /** Read customers, their history, the dashboard's figures and the catalogue. */
  'back_office.read',
  /** Open, correct and erase customer accounts. */
  'users.manage',
  /** Read and answer inquiries. */
  'inquiries.manage',
  /** Create, assign and change credential sets; reveal a stored password (with a reason, for support). */
  'credentials.manage',
  /** Change a subscription's status, grant one, sync payments. */
  'subscriptions.manage',
  /** Refund a payment. */
  'refunds.issue',
  /** Read invoices and the VAT report. */
  'invoices.read',
  /** Export data (CSV, the full export). */
  'data.export',
  /** Change the catalogue, promotions and the free offer. */
  'catalogue.manage',
  /** Grant and revoke staff roles. */
  'staff.manage',
  /** Create and revoke API keys (docs/adr/0034-api-keys.md). */
  'api_keys.manage',
  /** Register and remove outbound webhook endpoints, read their delivery log, replay (docs/adr/0035-outbound-webhooks.md). */
  'webhooks.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  customer: [],
  owner: PERMISSIONS,
  support: ['back_office.read', 'users.manage', 'inquiries.manage', 'credentials.manage', 'subscriptions.manage'],
  finance: ['back_office.read', 'refunds.issue', 'invoices.read', 'data.export'],
};

export const permissionsOf = (roles: readonly Role[]): Permission[] =>
  PERMISSIONS.filter((permission) => roles.some((role) => ROLE_PERMISSIONS[role].includes(permission)));

export const rolesWith = (permission: Permission): StaffRole[] =>
  STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));

/** Staff whose role lets them see a stored password only with a reason, recorded with the reveal. */
export const revealNeedsReason = (roles: readonly Role[]): boolean => !roles.includes('owner');
