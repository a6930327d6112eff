import {
  affiliateRequest,
  bulkInquiryStatusChange,
  bulkOutcome,
  inquiry,
  inquiryAfterChange,
  inquiryFormQuery,
  inquiryList,
  inquiryParams,
  inquiryReceived,
  inquiryStatusChange,
  partnershipRequest,
  serviceSuggestionRequest,
  supportMessageRequest,
  text,
  INQUIRY_KINDS,
  INQUIRY_STATUSES,
  type Inquiry,
  type InquiryAfterChange,
} from '@shop/contracts';
import type { InquiryForm } from '@shop/domain';
import { getInquiry, INQUIRY_SORT_FIELDS, listInquiries } from '@shop/projections';
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { InquiryService } from './inquiry-service.js';
import { adminListQuery, adminListRoute, idsFilter, oneOrMany } from '../api/admin-list-query.js';
import { actOnEach } from '../api/bulk.js';
import { clientContext, operatorAct } from '../api/auth/authentication.js';
import { idempotencyKeyOf } from '../api/idempotency.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';

const listQuery = adminListQuery(
  INQUIRY_SORT_FIELDS,
  ['receivedAt', 'desc'],
  z.strictObject({
    id: idsFilter.optional(),
    kind: oneOrMany(z.enum(INQUIRY_KINDS)).optional(),
    status: oneOrMany(z.enum(INQUIRY_STATUSES)).optional(),
    userId: text({ max: 64 }).optional(),
    q: text({ max: 200 }).optional(),
  }),
  '{"kind":"support","status":["new","in_progress"],"q":"words"}',
);

/** The inquiry as the back-office reads it, or a 404 `inquiry.not_found`. */
export async function storedInquiry(knex: Knex, id: string): Promise<Inquiry> {
  const found = await getInquiry(knex, id);
  if (found) return found;
  throw new HttpProblem({ status: 404, code: 'inquiry.not_found', detail: 'No such inquiry', extra: { id } });
}

/** The public forms, and their follow-up in the back-office. */
export function inquiryRoutes(deps: { knex: Knex; inquiries: InquiryService }, doc: ApiDocument): Router {
  const router = Router();

  const forms: Array<{
    path: string;
    operationId: string;
    summary: string;
    description?: string;
    body: z.ZodType;
    toForm: (body: never) => InquiryForm;
  }> = [
    {
      path: '/api/support/messages',
      operationId: 'sendSupportMessage',
      summary: 'Send a message to support',
      description: 'From the support and contact pages.',
      body: supportMessageRequest,
      toForm: (body: z.output<typeof supportMessageRequest>) => ({ kind: 'support', ...body, name: body.name ?? null }),
    },
    {
      path: '/api/affiliate-requests',
      operationId: 'sendAffiliateRequest',
      summary: 'Ask to join the affiliate programme',
      body: affiliateRequest,
      toForm: (body: z.output<typeof affiliateRequest>) => ({
        kind: 'affiliate',
        ...body,
        phone: body.phone ?? null,
        website: body.website ?? null,
      }),
    },
    {
      path: '/api/partnership-requests',
      operationId: 'sendPartnershipRequest',
      summary: 'Propose a partnership',
      body: partnershipRequest,
      toForm: (body: z.output<typeof partnershipRequest>) => ({
        kind: 'partnership',
        ...body,
        phone: body.phone ?? null,
        website: body.website ?? null,
        expectedVolume: body.expectedVolume ?? null,
      }),
    },
    {
      path: '/api/service-suggestions',
      operationId: 'suggestService',
      summary: 'Suggest a service for the shop to offer',
      body: serviceSuggestionRequest,
      toForm: (body: z.output<typeof serviceSuggestionRequest>) => ({
        kind: 'suggestion',
        ...body,
        email: body.email ?? null,
      }),
    },
  ];

  for (const form of forms) {
    doc.route(
      router,
      {
        method: 'post',
        path: form.path,
        operationId: form.operationId,
        summary: form.summary,
        description: [
          form.description,
          "Anyone may send it; a signed-in visitor's account is attached. An Idempotency-Key makes a retry return the first answer.",
        ]
          .filter(Boolean)
          .join(' '),
        tags: ['inquiries'],
        query: inquiryFormQuery,
        body: form.body,
        responses: {
          201: { description: 'Received', schema: inquiryReceived },
          400: problem('validation.failed (errors: [{ path, message }]), idempotency.invalid_key'),
          409: problem('idempotency.in_progress'),
          422: problem('idempotency.key_reused'),
          429: problem('rate_limited (Retry-After)'),
        },
      },
      async (req, res) => {
        const { lang } = parseOrReject(inquiryFormQuery, req.query);
        const body = parseOrReject(form.body, req.body) as never;
        const received = await deps.inquiries.receive(form.toForm(body), {
          userId: req.auth?.userId ?? null,
          language: lang ?? requestLanguage(req),
          ip: clientContext(req).ip,
          correlationId: String(req.id),
          idempotencyKey: idempotencyKeyOf(req),
        });
        res.status(201).json(received);
      },
    );
  }

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/inquiries',
      operationId: 'listInquiries',
      summary: 'List inquiries',
      description: 'A ra-data-simple-rest list; Content-Range: inquiries a-b/total.',
      query: listQuery,
      rows: { description: 'Inquiries', schema: inquiryList },
    },
    ({ filter, ...page }) =>
      listInquiries(deps.knex, {
        ...page,
        filter: { ids: filter.id, kind: filter.kind, status: filter.status, userId: filter.userId, q: filter.q },
      }),
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/inquiries/bulk-status',
      operationId: 'changeInquiryStatuses',
      summary: 'Change the status of several inquiries',
      description:
        "Changes each selected inquiry's status, each by its own ChangeInquiryStatus (the operator as actor, one correlation id for the batch). An inquiry whose status does not allow the move is reported refused with the problem's code and leaves the others unaffected; one already in that status is unchanged.",
      tags: ['admin'],
      body: bulkInquiryStatusChange,
      responses: {
        200: { description: "Each inquiry's outcome, in the order sent", schema: bulkOutcome },
        400: problem('validation.failed (no selection, more than 100, an id twice)'),
      },
    },
    async (req: Request, res) => {
      const { ids, status } = parseOrReject(bulkInquiryStatusChange, req.body);
      const act = operatorAct(req);
      res.json(await actOnEach(ids, (id) => deps.inquiries.changeStatus(id, { to: status }, act)));
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/inquiries/:id',
      operationId: 'getInquiry',
      summary: 'Get one inquiry',
      description: 'With the fields of its form in details.',
      tags: ['admin'],
      params: inquiryParams,
      responses: {
        200: { description: 'The inquiry', schema: inquiry },
        404: problem('inquiry.not_found'),
      },
    },
    async (req, res) => {
      res.json(await storedInquiry(deps.knex, String(req.params.id)));
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/inquiries/:id',
      operationId: 'changeInquiryStatus',
      summary: "Change an inquiry's status",
      description:
        'Changes the status (new → in_progress → closed; closed → in_progress reopens). Only the status and the version read may be sent.',
      tags: ['admin'],
      params: inquiryParams,
      body: inquiryStatusChange,
      responses: {
        200: { description: 'The inquiry as changed', schema: inquiryAfterChange },
        404: problem('inquiry.not_found'),
        409: problem('inquiry.stale (changed since `version`), inquiry.invalid_transition (e.g. back to new)'),
      },
    },
    async (req: Request, res) => {
      const id = String(req.params.id);
      const { status, version } = parseOrReject(inquiryStatusChange, req.body);
      const act = operatorAct(req);
      const changed = await deps.inquiries.changeStatus(id, { to: status, expectedVersion: version }, act);
      // The read model may trail the append: answer the record as it now is.
      const found = await getInquiry(deps.knex, id);
      const answer: InquiryAfterChange = {
        ...(found ?? { id }),
        status: changed.status,
        version: changed.version,
        ...(changed.changed ? { statusChangedBy: act.adminId } : {}),
      };
      res.json(answer);
    },
  );

  return router;
}
