import {
  adminRoleGrant,
  adminRoleParams,
  adminUser,
  identifier,
  type AdminUser,
  type StaffRole,
} from '@shop/contracts';
import { NotFoundError } from '@shop/domain';
import { getUserForAdmin, whenProjected } from '@shop/projections';
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AccountService } from './account-service.js';
import { currentUser } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { parseOrReject } from '../api/problem.js';

const userParams = z.object({ id: identifier(64) });

/**
 * Staff roles, granted and revoked by an owner (the `staff.manage` permission): each an event on
 * the account (RoleGranted, RoleRevoked) with the owner as actor. The answer is the user as the
 * back-office reads it, once its read model shows the change.
 */
export function adminRoleRoutes(deps: { knex: Knex; clock: () => Date; accounts: AccountService }, doc: ApiDocument) {
  const router = Router();
  const change = (req: Request) => ({
    by: currentUser(req).userId,
    actor: { type: 'admin' as const, id: currentUser(req).userId },
    correlationId: String(req.id),
  });
  const answerWith = async (userId: string, role: StaffRole, held: boolean): Promise<AdminUser> => {
    const read = () => getUserForAdmin(deps.knex, userId, deps.clock());
    const user =
      (await whenProjected(read, (found) => found !== null && found.roles.includes(role) === held, 3000)) ??
      (await read());
    if (!user) throw new NotFoundError({ code: 'account.not_found', message: 'No such user', details: { userId } });
    return user;
  };

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/users/:id/roles',
      operationId: 'grantRole',
      summary: 'Grant a staff role',
      description:
        'Gives the account `owner`, `support` or `finance` (RoleGranted, the owner as actor and `grantedBy`); a role already held changes nothing. Owners only.',
      tags: ['admin'],
      params: userParams,
      body: adminRoleGrant,
      responses: {
        200: { description: 'The user, with `roles`', schema: adminUser },
        404: problem('account.not_found'),
        409: problem('account.erased'),
      },
    },
    async (req, res) => {
      const userId = String(req.params.id);
      const { role } = parseOrReject(adminRoleGrant, req.body);
      await deps.accounts.grantRole(userId, role, change(req));
      res.json(await answerWith(userId, role, true));
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/admin/users/:id/roles/:role',
      operationId: 'revokeRole',
      summary: 'Revoke a staff role',
      description:
        'Takes the role back (RoleRevoked, the owner as actor and `revokedBy`); a role not held changes nothing. The last owner keeps the role. Owners only.',
      tags: ['admin'],
      params: adminRoleParams,
      responses: {
        200: { description: 'The user, with `roles`', schema: adminUser },
        400: problem('validation.failed (a role that is not a staff role)'),
        404: problem('account.not_found'),
        409: problem('role.last_owner (no other owner would remain), account.erased'),
      },
    },
    async (req, res) => {
      const { id: userId, role } = parseOrReject(adminRoleParams, req.params);
      await deps.accounts.revokeRole(userId, role, change(req));
      res.json(await answerWith(userId, role, false));
    },
  );

  return router;
}
