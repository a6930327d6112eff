import {
  adminUser,
  adminUserCounts,
  adminUserCreate,
  adminUserErased,
  adminUserList,
  adminUserUpdate,
  identifier,
  personalData,
  text,
  USER_SEGMENTS,
  type AdminUser,
  type AdminUserCounts,
  type AdminUserErased,
} from '@shop/contracts';
import { DomainError, NotFoundError } from '@shop/domain';
import type { EventStore } from '@shop/event-store';
import {
  ADMIN_USER_SORT_FIELDS,
  countUsersBySegment,
  emailOfLivingAccount,
  getUserForAdmin,
  listUsersForAdmin,
  whenProjected,
} from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { normalizeEmail, type AccountService } from './account-service.js';
import type { InquiryService } from '../inquiries/inquiry-service.js';
import type { OperatorSubscriptions } from '../subscriptions/operator-subscriptions.js';
import { currentUser } from '../api/auth/authentication.js';
import { adminListQuery, adminListRoute, idsFilter } from '../api/admin-list-query.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { parseOrReject } from '../api/problem.js';

const listQuery = adminListQuery(
  ADMIN_USER_SORT_FIELDS,
  ['createdAt', 'desc'],
  z.strictObject({
    id: idsFilter.optional(),
    q: personalData(text({ max: 200 })).optional(),
    segment: z.enum(USER_SEGMENTS).optional(),
  }),
  '{"q":"words in the e-mail or name","segment":"with | without | expired","id":["…"]}',
);

const userParams = z.object({ id: identifier(64) });

const notFound = (userId: string) =>
  new NotFoundError({ code: 'account.not_found', message: 'No such customer', details: { userId } });

/**
 * The back-office's customers (users): the list with the seeds' segments, one customer, opening an
 * account, correcting it, erasing the person, and granting a subscription. Each change is a command
 * with the operator as actor. Every route below `/api/admin` requires the admin role, checked on
 * the server.
 */
export function adminUserRoutes(
  deps: {
    knex: Knex;
    store: EventStore;
    clock: () => Date;
    accounts: AccountService;
    inquiries: Pick<InquiryService, 'eraseSender'>;
    subscriptions: Pick<OperatorSubscriptions, 'endForErasedCustomer'>;
  },
  doc: ApiDocument,
): Router {
  const router = Router();
  const context = (req: Parameters<typeof currentUser>[0]) => ({
    operatorId: currentUser(req).userId,
    correlationId: String(req.id),
    managesStaff: req.staff?.permissions.includes('staff.manage') ?? false,
  });
  const requireUser = async (userId: string): Promise<AdminUser> => {
    const user = await getUserForAdmin(deps.knex, userId, deps.clock());
    if (!user) throw notFound(userId);
    return user;
  };

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/users',
      operationId: 'listUsers',
      summary: 'List customers',
      description:
        'Customers with their segment, total spent and 3 newest subscriptions; erased people are left out (ra-data-simple-rest list; Content-Range: users a-b/total).',
      query: listQuery,
      rows: { description: 'Customers', schema: adminUserList },
    },
    ({ filter, ...page }) =>
      listUsersForAdmin(deps.knex, {
        ...page,
        filter: { ids: filter.id, q: filter.q, segment: filter.segment },
        now: deps.clock(),
      }),
  );

  // Before /:id, which would otherwise read "counts" as an id.
  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/users/counts',
      operationId: 'countUsers',
      summary: "Count the Users tab's segments",
      description:
        "The Users tab's counters: customers with a subscription currently active, with subscriptions none of which is (expired), without any, and the total.",
      tags: ['admin'],
      responses: {
        200: { description: 'The counters', schema: adminUserCounts },
      },
    },
    async (_req, res) => {
      const answer: AdminUserCounts = await countUsersBySegment(deps.knex, deps.clock());
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/users/:id',
      operationId: 'getUser',
      summary: 'Get one customer',
      tags: ['admin'],
      params: userParams,
      responses: {
        200: {
          description:
            'The customer; an erased person too, with `erasedAt` and "[erased]" in place of their e-mail and name, their subscriptions still listed',
          schema: adminUser,
        },
        404: problem('account.not_found'),
      },
    },
    async (req, res) => {
      const userId = String(req.params.id);
      const user = await getUserForAdmin(deps.knex, userId, deps.clock(), { withErased: true });
      if (!user) throw notFound(userId);
      const answer: AdminUser = user;
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/users',
      operationId: 'createUser',
      summary: 'Open an account for a customer',
      description:
        'Opens an account for a customer with a password nobody knows and mails them a link to choose one (AccountRegistered by the operator).',
      tags: ['admin'],
      body: adminUserCreate,
      responses: {
        201: { description: 'The account opened', schema: adminUser },
        409: problem('auth.email_taken'),
      },
    },
    async (req, res) => {
      const input = parseOrReject(adminUserCreate, req.body);
      const { userId } = await deps.accounts.openForCustomer(input, context(req));
      const user = await whenProjected(
        () => getUserForAdmin(deps.knex, userId, deps.clock()),
        (found) => found !== null,
        3000,
      );
      const email = normalizeEmail(input.email);
      const answer: AdminUser = user ?? {
        id: userId,
        email,
        fullName: input.fullName?.trim() || email,
        roles: ['customer'],
        twoFactorEnabled: false,
        createdAt: deps.clock().toISOString(),
        lastSignInAt: null,
        segment: 'without',
        totalSpentCents: 0,
        subscriptions: [],
        profileVersion: 1,
      };
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/users/:id',
      operationId: 'updateUser',
      summary: "Correct a customer's e-mail and name",
      description:
        'Corrects the e-mail (EmailChanged; still unique) and the name (ProfileUpdated). With profileVersion, a change made meanwhile is refused; the fields only shown are ignored.',
      tags: ['admin'],
      params: userParams,
      body: adminUserUpdate,
      responses: {
        200: { description: 'The customer as corrected', schema: adminUser },
        403: problem("account.staff_protected (a staff member's account: corrected by an owner)"),
        404: problem('account.not_found (also an erased person)'),
        409: problem('auth.email_taken, account.changed_meanwhile (reload and make the change again)'),
      },
    },
    async (req, res) => {
      const userId = String(req.params.id);
      const input = parseOrReject(adminUserUpdate, req.body);
      await requireUser(userId);
      const { profileVersion } = await deps.accounts.correctAccount(
        userId,
        { email: input.email, fullName: input.fullName, profileVersion: input.profileVersion },
        context(req),
      );
      const user =
        (await whenProjected(
          () => requireUser(userId),
          (found) => found.profileVersion >= profileVersion,
          3000,
        )) ?? (await requireUser(userId));
      const answer: AdminUser = {
        ...user,
        ...(input.email === undefined ? {} : { email: normalizeEmail(input.email) }),
        ...(input.fullName === undefined ? {} : { fullName: input.fullName.trim() }),
        profileVersion,
      };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/admin/users/:id',
      operationId: 'eraseUser',
      summary: "Erase a customer's personal data",
      description:
        "Erases the person (GDPR; PersonalDataErased by the operator): their key destroyed, their sign-in, sessions and personal rows removed, their inquiries' personal data erased. Their live subscriptions (pending, active, suspended) are cancelled first, each with the reason `customer erased` (ADR 0026); their subscriptions' history stays, anonymous.",
      tags: ['admin'],
      params: userParams,
      responses: {
        200: { description: 'Erased', schema: adminUserErased },
        404: problem('account.not_found (also a person already erased)'),
        409: problem(
          "account.cannot_erase_self (an operator cannot erase their own account), account.cannot_erase_admin (an administrator's account is erased with shopctl users erase)",
        ),
      },
    },
    async (req, res) => {
      const userId = String(req.params.id);
      const act = context(req);
      if (userId === act.operatorId)
        throw new DomainError({
          code: 'account.cannot_erase_self',
          message: 'You cannot erase your own account: ask another administrator',
          details: { userId },
        });
      // Read before erasure: afterwards the read model only says "[erased]".
      const email = await emailOfLivingAccount(deps.knex, userId);
      if (email === null) throw notFound(userId);
      // Inquiries first: a retry after a failure in between still finds the person to erase.
      await deps.inquiries.eraseSender(
        { email, userId },
        { actor: { type: 'admin', id: act.operatorId }, correlationId: act.correlationId },
      );
      await deps.accounts.erasePerson(userId, act, async () => {
        await deps.subscriptions.endForErasedCustomer(userId, {
          adminId: act.operatorId,
          correlationId: act.correlationId,
        });
      });
      // The list the operator returns to no longer shows them.
      await whenProjected(
        () => getUserForAdmin(deps.knex, userId, deps.clock()),
        (found) => found === null,
        3000,
      );
      const answer: AdminUserErased = { id: userId };
      res.json(answer);
    },
  );

  return router;
}
