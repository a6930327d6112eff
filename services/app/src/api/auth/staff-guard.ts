import { permissionsOf, type Permission, type Role } from '@shop/domain';
import { getAccount } from '@shop/projections';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem } from '../problem.js';
import { permissionFor } from './admin-permissions.js';

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

/**
 * In front of every back-office route (unknown paths included): the roles are read from the
 * server's records on every request, never trusted from the token. Refused, in this order: no
 * session (401 `auth.required`); an account without a staff role (403 `auth.forbidden`); staff
 * without two-factor sign-in (403 `auth.two_factor_required`); staff without the permission the
 * operation needs (403 `auth.forbidden`). A path no operation is documented at is for owners.
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
    req.staff = { roles, permissions };
    next();
  };
}
