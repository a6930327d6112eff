import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionFor } from './auth/admin-permissions.js';
import { randomIp, requestJson, signUpAndSignIn, signUpStaff, type HttpCustomer } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';

/**
 * Every back-office operation, as the published document lists them: each names the one
 * permission it needs, and the server refuses it to a customer and to every staff role without
 * that permission (403 `auth.forbidden`), whatever the operation would do.
 */

const shop = useTestShop('admin_permissions');

interface Operation {
  method: string;
  path: string;
  permission: string | undefined;
  takesBody: boolean;
}

let operations: Operation[];
let customer: HttpCustomer;
const staff = {} as Record<StaffRole, HttpCustomer>;

beforeAll(async () => {
  const served = (await (await fetch(`${shop.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; requestBody?: unknown }>>;
  };
  operations = Object.entries(served.paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path === '/api/admin')
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        permission: operation.security?.[0]?.bearerToken?.[0],
        takesBody: operation.requestBody !== undefined,
      })),
    );
  customer = await signUpAndSignIn(shop.url, { label: 'permissions-customer', ip: randomIp('10.61') });
  for (const role of STAFF_ROLES) {
    staff[role] = await signUpStaff(shop, { label: `permissions-${role}`, roles: [role], ip: randomIp('10.61') });
  }
}, 60_000);

const concretePath = (path: string) => path.replace(/\{\w+\}/g, 'x');
const call = (operation: Operation, who: HttpCustomer) =>
  requestJson(shop.url, operation.method, concretePath(operation.path), {
    token: who.token,
    ip: randomIp('10.62'),
    ...(operation.takesBody ? { body: {} } : {}),
  });

describe('every /api/admin operation', () => {
  it('names the permission it needs, from the rules by family of routes', () => {
    expect(operations.length).toBeGreaterThan(30);
    const unnamed = operations.filter(
      (operation) =>
        permissionFor(operation.method, operation.path.replace(/\{(\w+)\}/g, ':$1')) === null ||
        !(PERMISSIONS as readonly string[]).includes(operation.permission ?? ''),
    );
    expect(unnamed.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('is refused to a customer and to every role without its permission, with 403 auth.forbidden', async () => {
    const wrongly: string[] = [];
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      const permission = operation.permission as Permission;
      const refused = [
        ['customer', customer] as const,
        ...STAFF_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes(permission)).map(
          (role) => [role, staff[role]] as const,
        ),
      ];
      for (const [who, account] of refused) {
        const reply = await call(operation, account);
        const type = reply.headers.get('content-type') ?? '';
        if (
          reply.status !== 403 ||
          reply.body.code !== 'auth.forbidden' ||
          !type.startsWith('application/problem+json')
        )
          wrongly.push(`${name} answered ${reply.status} ${String(reply.body.code)} to ${who}`);
      }
      for (const role of STAFF_ROLES.filter((candidate) => ROLE_PERMISSIONS[candidate].includes(permission))) {
        const reply = await call(operation, staff[role]);
        if (reply.status === 403) wrongly.push(`${name} refused ${role}, who holds ${permission}`);
      }
    }
    expect(wrongly).toEqual([]);
  }, 120_000);

  it('is refused to owners in no case: the owner holds every permission', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
  });
});

describe('what each role may do', () => {
  it('support handles inquiries, credentials and statuses but neither refunds, exports, reads invoices nor manages staff; finance refunds, reads invoices and exports', () => {
    expect(ROLE_PERMISSIONS.support).toEqual(
      expect.arrayContaining(['inquiries.manage', 'credentials.manage', 'subscriptions.manage']),
    );
    for (const permission of ['refunds.issue', 'data.export', 'staff.manage', 'invoices.read'] as const)
      expect(ROLE_PERMISSIONS.support).not.toContain(permission);
    expect(ROLE_PERMISSIONS.finance).toEqual(expect.arrayContaining(['refunds.issue', 'invoices.read', 'data.export']));
    for (const permission of ['staff.manage', 'credentials.manage', 'subscriptions.manage'] as const)
      expect(ROLE_PERMISSIONS.finance).not.toContain(permission);
  });
});
