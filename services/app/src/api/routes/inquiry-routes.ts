import {
  INQUIRY_KINDS,
  INQUIRY_LIMITS,
  INQUIRY_STATUSES,
  LANGUAGES,
  PARTNERSHIP_TYPES,
  PROMOTION_METHODS,
  SUPPORT_CATEGORIES,
  TRAFFIC_VOLUMES,
  type InquiryForm,
} from '@shop/domain';
import { getInquiry, INQUIRY_SORT_FIELDS, listInquiries, type InquirySortField } from '@shop/projections';
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { InquiryService } from '../../inquiries/inquiry-service.js';
import { contentRange, jsonParam, oneOrMany, rangeParam, sortParam } from '../admin-list-query.js';
import { clientContext, currentUser } from '../auth/authentication.js';
import { idempotencyKeyOf } from '../idempotency.js';
import { requestLanguage } from '../language.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, parseOrReject, problemSchema } from '../problem.js';
import { text, identifier } from '../text.js';

const L = INQUIRY_LIMITS;

const line = (limits: { min?: number; max: number }) => text({ min: limits.min ?? 1, max: limits.max });
const paragraph = (limits: { min?: number; max: number }) =>
  text({ min: limits.min ?? 1, max: limits.max, multiline: true });
const email = text({ max: L.email.max }).toLowerCase().pipe(z.email().max(L.email.max));
const phone = z
  .string()
  .trim()
  .max(L.phone.max)
  .regex(new RegExp(L.phone.pattern), 'Only digits, spaces and + ( ) - .');
const website = z
  .string()
  .trim()
  .max(L.website.max)
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }));
/** The shop's forms send empty optional fields as "" (or null): both mean absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );

const supportBody = z
  .strictObject({
    email,
    category: z.enum(SUPPORT_CATEGORIES),
    subject: line(L.subject),
    message: paragraph(L.message),
    name: optional(line(L.name)),
  })
  .meta({ id: 'SupportMessage' });
const affiliateBody = z
  .strictObject({
    name: line(L.name),
    email,
    phone: optional(phone),
    website: optional(website),
    trafficVolume: z.enum(TRAFFIC_VOLUMES),
    promotionMethods: z
      .array(z.enum(PROMOTION_METHODS))
      .min(1)
      .refine((methods) => new Set(methods).size === methods.length, 'Each method once'),
    experience: paragraph(L.experience),
    motivation: paragraph(L.motivation),
  })
  .meta({ id: 'AffiliateRequest' });
const partnershipBody = z
  .strictObject({
    companyName: line(L.name),
    contactName: line(L.name),
    email,
    phone: optional(phone),
    website: optional(website),
    partnershipType: z.enum(PARTNERSHIP_TYPES),
    expectedVolume: optional(line(L.expectedVolume)),
    description: paragraph(L.description),
  })
  .meta({ id: 'PartnershipRequest' });
const suggestionBody = z
  .strictObject({ suggestion: paragraph(L.suggestion), email: optional(email) })
  .meta({ id: 'ServiceSuggestion' });

const formQuery = z.object({
  lang: z
    .enum(LANGUAGES)
    .optional()
    .describe("The shop's language, recorded with the inquiry; Accept-Language otherwise, French by default"),
});

const receivedResponse = z.object({ id: z.string(), status: z.enum(INQUIRY_STATUSES) }).meta({ id: 'InquiryReceived' });

const sortFields = Object.keys(INQUIRY_SORT_FIELDS) as [InquirySortField, ...InquirySortField[]];

const listQuery = z.object({
  sort: sortParam(sortFields, ['receivedAt', 'desc']),
  range: rangeParam,
  filter: jsonParam(
    z.strictObject({
      id: oneOrMany(text({ max: 64 })).optional(),
      kind: oneOrMany(z.enum(INQUIRY_KINDS)).optional(),
      status: oneOrMany(z.enum(INQUIRY_STATUSES)).optional(),
      userId: text({ max: 64 }).optional(),
      q: text({ max: 200 }).optional(),
    }),
  )
    .optional()
    .describe('{"kind":"support","status":["new","in_progress"],"q":"words"}')
    .default({}),
});
const statusBody = z.strictObject({
  status: z.enum(INQUIRY_STATUSES),
  version: z.number().int().min(1).optional().describe('The version read; a change made since then is refused'),
});

/** The public forms, and their follow-up in the back-office. */
export function inquiryRoutes(deps: { knex: Knex; inquiries: InquiryService }, doc: ApiDocument): Router {
  const router = Router();
  const problems = { schema: problemSchema, problem: true } as const;

  const forms: Array<{ path: string; summary: string; body: z.ZodType; toForm: (body: never) => InquiryForm }> = [
    {
      path: '/api/support/messages',
      summary: 'A message to support (the support and contact pages)',
      body: supportBody,
      toForm: (body: z.output<typeof supportBody>) => ({ kind: 'support', ...body, name: body.name ?? null }),
    },
    {
      path: '/api/affiliate-requests',
      summary: 'A request to join the affiliate programme',
      body: affiliateBody,
      toForm: (body: z.output<typeof affiliateBody>) => ({
        kind: 'affiliate',
        ...body,
        phone: body.phone ?? null,
        website: body.website ?? null,
      }),
    },
    {
      path: '/api/partnership-requests',
      summary: 'A partnership request',
      body: partnershipBody,
      toForm: (body: z.output<typeof partnershipBody>) => ({
        kind: 'partnership',
        ...body,
        phone: body.phone ?? null,
        website: body.website ?? null,
        expectedVolume: body.expectedVolume ?? null,
      }),
    },
    {
      path: '/api/service-suggestions',
      summary: 'A service the visitor would like the shop to offer',
      body: suggestionBody,
      toForm: (body: z.output<typeof suggestionBody>) => ({ kind: 'suggestion', ...body, email: body.email ?? null }),
    },
  ];

  for (const form of forms) {
    doc.add({
      method: 'post',
      path: form.path,
      summary: `${form.summary}. Anyone may send it; a signed-in visitor's account is attached. Idempotency-Key makes a retry return the first answer`,
      tags: ['inquiries'],
      query: formQuery,
      body: form.body,
      responses: {
        201: { description: 'Received', schema: receivedResponse },
        400: { description: 'validation.failed (errors: [{ path, message }]), idempotency.invalid_key', ...problems },
        409: { description: 'idempotency.in_progress', ...problems },
        422: { description: 'idempotency.key_reused', ...problems },
        429: { description: 'rate_limited (Retry-After)', ...problems },
      },
    });
    router.post(form.path, async (req, res) => {
      const { lang } = parseOrReject(formQuery, req.query);
      const body = parseOrReject(form.body, req.body) as never;
      const received = await deps.inquiries.receive(form.toForm(body), {
        userId: req.auth?.userId ?? null,
        language: lang ?? requestLanguage(req),
        ip: clientContext(req).ip,
        correlationId: String(req.id),
        idempotencyKey: idempotencyKeyOf(req),
      });
      res.status(201).json(received);
    });
  }

  const adminResponses = {
    401: { description: 'auth.required', ...problems },
    403: { description: 'auth.forbidden', ...problems },
  };

  doc.add({
    method: 'get',
    path: '/api/admin/inquiries',
    summary: 'Inquiries (ra-data-simple-rest list): Content-Range: inquiries a-b/total',
    tags: ['admin'],
    query: listQuery,
    responses: {
      200: { description: 'Inquiries' },
      400: { description: 'validation.failed', ...problems },
      ...adminResponses,
    },
  });
  router.get('/api/admin/inquiries', async (req, res) => {
    const { sort, range, filter } = parseOrReject(listQuery, req.query);
    const { data, total } = await listInquiries(deps.knex, {
      sort: { field: sort[0], order: sort[1] },
      range: { from: range[0], to: range[1] },
      filter: { ids: filter.id, kind: filter.kind, status: filter.status, userId: filter.userId, q: filter.q },
    });
    res.set('Content-Range', contentRange('inquiries', range[0], data.length, total)).json(data);
  });

  doc.add({
    method: 'get',
    path: '/api/admin/inquiries/:id',
    summary: 'One inquiry, with the fields of its form in details',
    tags: ['admin'],
    params: z.object({ id: identifier() }),
    responses: {
      200: { description: 'The inquiry' },
      404: { description: 'inquiry.not_found', ...problems },
      ...adminResponses,
    },
  });
  router.get('/api/admin/inquiries/:id', async (req, res) => {
    const id = String(req.params.id);
    const inquiry = await getInquiry(deps.knex, id);
    if (!inquiry) {
      throw new HttpProblem({ status: 404, code: 'inquiry.not_found', detail: 'No such inquiry', extra: { id } });
    }
    res.json(inquiry);
  });

  doc.add({
    method: 'put',
    path: '/api/admin/inquiries/:id',
    summary:
      'Changes the status (new → in_progress → closed; closed → in_progress reopens). Other members of the record are ignored',
    tags: ['admin'],
    params: z.object({ id: identifier() }),
    body: statusBody,
    responses: {
      200: { description: 'The inquiry as changed' },
      400: { description: 'validation.failed', ...problems },
      404: { description: 'inquiry.not_found', ...problems },
      409: {
        description: 'inquiry.stale (changed since `version`), inquiry.invalid_transition (e.g. back to new)',
        ...problems,
      },
      ...adminResponses,
    },
  });
  router.put('/api/admin/inquiries/:id', async (req: Request, res) => {
    const id = String(req.params.id);
    const { status, version } = parseOrReject(statusBody, req.body);
    const admin = currentUser(req);
    const changed = await deps.inquiries.changeStatus(
      id,
      { to: status, expectedVersion: version },
      { adminId: admin.userId, correlationId: String(req.id) },
    );
    // The read model may trail the append: answer the record as it now is.
    const inquiry = await getInquiry(deps.knex, id);
    res.json({
      ...(inquiry ?? { id }),
      status: changed.status,
      version: changed.version,
      ...(changed.changed ? { statusChangedBy: admin.userId } : {}),
    });
  });

  return router;
}
