import { isUuid } from '@shop/contracts';
import { permissionsOf, type Permission, type Role } from '@shop/domain';
import { getAccount } from '@shop/projections';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem } from '../problem.js';
import { actedOnBy, permissionFor } from './admin-permissions.js';

/** The staff member a back-office request is from, as the server's records say. */
export interface StaffContext {
  roles: Role[];
  permissions: Permission[];
}

declare module 'express-serve-static-core' {
  interface Request {
    staff?: StaffContext;
  }
}

const forbidden = () => new HttpProblem({ status: 403, code: 'auth.forbidden', detail: 'You may not do this' });

const ids = (body: unknown, field: string): string[] => {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
};

async function holdersOf(knex: Knex, subscriptionIds: string[]): Promise<string[]> {
  const uuids = subscriptionIds.filter(isUuid);
  if (uuids.length === 0) return [];
  return knex('subscriptions').whereIn('id', uuids).distinct().pluck('user_id');
}

/** The accounts a back-office write acts on, as its path or body names them (none for a read). */
async function accountsActedOn(
  knex: Knex,
  operation: { method: string; path: string },
  actualPath: string,
  body: unknown,
): Promise<string[]> {
  const actsOn = actedOnBy(operation.method, operation.path);
  if (!actsOn) return [];
  if ('subscriptions' in actsOn) return holdersOf(knex, ids(body, actsOn.subscriptions));
  const segment = actualPath.split('/')[operation.path.split('/').indexOf(':id')];
  const id = segment === undefined ? undefined : decodeURIComponent(segment);
  if (!id) return [];
  return 'account' in actsOn ? [id] : holdersOf(knex, [id]);
}

/**
 * In front of every back-office route (unknown paths included): the roles are read from the
 * server's records on every request, never trusted from the token. Refused, in this order: no
 * session (401 `auth.required`); an account without a staff role (403 `auth.forbidden`); staff
 * without two-factor sign-in (403 `auth.two_factor_required`); staff without the permission the
 * operation needs (403 `auth.forbidden`); support or finance acting on their own account or its
 * subscriptions (403 `staff.own_account`: a subscription given to oneself, one's own payment
 * refunded). A path no operation is documented at is for owners.
 */
export function requireStaff(deps: { knex: Knex; doc: ApiDocument }): RequestHandler {
  return async (req, _res, next) => {
    // An API key's request: its scopes were checked against this operation (`api-key-guard.ts`).
    if (req.apiKey) return next();
    if (!req.auth) return next(new HttpProblem({ status: 401, code: 'auth.required', detail: 'Please sign in' }));
    const account = await getAccount(deps.knex, req.auth.userId);
    const roles = account?.roles ?? [];
    const permissions = permissionsOf(roles);
    if (!account || permissions.length === 0) return next(forbidden());
    if (!account.twoFactorEnabled) {
      return next(
        new HttpProblem({
          status: 403,
          code: 'auth.two_factor_required',
          detail: 'Staff use two-factor sign-in: turn it on from your account security page first',
        }),
      );
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const operation = deps.doc.operationAt(method, `${req.baseUrl}${req.path}`);
    const needed = operation ? permissionFor(operation.method, operation.path) : null;
    if (needed ? !permissions.includes(needed) : !roles.includes('owner')) return next(forbidden());
    // Staff who do not manage staff do not act on their own account: another staff member does.
    if (operation && !permissions.includes('staff.manage')) {
      const acted = await accountsActedOn(deps.knex, operation, `${req.baseUrl}${req.path}`, req.body);
      if (acted.includes(req.auth.userId)) {
        return next(
          new HttpProblem({
            status: 403,
            code: 'staff.own_account',
            detail: 'Staff do not act on their own account or subscriptions: another staff member does',
          }),
        );
      }
    }
    req.staff = { roles, permissions };
    next();
  };
}
