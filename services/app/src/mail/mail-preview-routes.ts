import {
  mailPreview,
  mailPreviewList,
  mailPreviewParams,
  mailPreviewQuery,
  type MailPreview,
  type MailPreviewList,
} from '@shop/contracts';
import { Router } from 'express';
import { ORDER_MAIL_KINDS, type OrderMailKind } from '../jobs/job-queue.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';
import { ORDER_MAIL_LANGUAGES, orderNews, type OrderNewsFacts } from './order-mail-templates.js';

const DAY_MS = 24 * 3600_000;

/**
 * What a preview is written from: a Netflix Premium subscription of 3 months for 13,59 €, paid a
 * while ago; a renewal of 1 month (4,53 €) or a refund of that much where the news is about one.
 * Fixed dates, so that the preview reads the same every time.
 */
function sampleFacts(kind: OrderMailKind, publicUrl: string): OrderNewsFacts {
  const expiresAt = '2027-03-15T10:00:00.000Z';
  const daysBefore =
    kind === 'renewal_reminder' || kind === 'renewal_upcoming' || kind === 'plan_withdrawn'
      ? 7
      : kind === 'expiring_soon' || kind === 'renewal_failed'
        ? 3
        : 0;
  return {
    subscription: {
      id: '00000000-0000-4000-8000-000000000001',
      planId: 'netflix-premium',
      planName: 'Netflix Premium',
      months: 3,
      totalCents: 1359,
      currency: 'EUR',
      expiresAt,
    },
    fullName: 'Camille Martin',
    publicUrl,
    at: new Date(Date.parse(expiresAt) - daysBefore * DAY_MS).toISOString(),
    ...(kind === 'renewal_confirmed' ? { months: 1, amountCents: 453, expiresAt: '2027-04-15T10:00:00.000Z' } : {}),
    ...(kind === 'refund_requested' || kind === 'refund_issued' ? { amountCents: 453 } : {}),
    // The first decline of an automatic renewal three days before the expiry, tried again a day later.
    ...(kind === 'renewal_failed' ? { amountCents: 1359, retryAt: '2027-03-13T10:00:00.000Z' } : {}),
    // The notice a week before the expiry of the charge three days before it.
    ...(kind === 'renewal_upcoming'
      ? { charge: { at: '2027-03-12T10:00:00.000Z', amountCents: 1359, method: 'Visa •••• 4242' } }
      : {}),
  };
}

const isKind = (kind: string): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/**
 * The back-office's preview of the subscription e-mails: `GET /api/admin/mail-previews` lists
 * them, `GET /api/admin/mail-previews/:kind?language=` renders one from sample facts, exactly as
 * the mail jobs do (same templates, same formatting).
 */
export function mailPreviewRoutes(deps: { publicUrl: string }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/mail-previews',
      operationId: 'listMailPreviews',
      summary: 'List the subscription e-mails',
      description: 'Each e-mail the shop sends a customer about their subscriptions, with the languages it exists in.',
      tags: ['admin'],
      responses: {
        200: { description: 'The e-mails', schema: mailPreviewList },
      },
    },
    (_req, res) => {
      const answer: MailPreviewList = {
        data: ORDER_MAIL_KINDS.map((kind) => ({ kind, languages: [...ORDER_MAIL_LANGUAGES] })),
      };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/mail-previews/:kind',
      operationId: 'getMailPreview',
      summary: 'Preview one subscription e-mail',
      description:
        'The subject, the HTML part and the plain-text part of one e-mail in one language, written from a sample subscription (Netflix Premium, 3 months, 13,59 €).',
      tags: ['admin'],
      params: mailPreviewParams,
      query: mailPreviewQuery,
      responses: {
        200: { description: 'The e-mail', schema: mailPreview },
        404: problem('mail_preview.not_found'),
      },
    },
    (req, res) => {
      const { kind } = parseOrReject(mailPreviewParams, req.params);
      const { language } = parseOrReject(mailPreviewQuery, req.query);
      if (!isKind(kind)) {
        throw new HttpProblem({ status: 404, code: 'mail_preview.not_found', detail: `No e-mail ${kind}` });
      }
      const news = orderNews(kind, language, sampleFacts(kind, deps.publicUrl));
      const answer: MailPreview = { kind, language, subject: news.subject, html: news.html, text: news.text };
      res.json(answer);
    },
  );

  return router;
}
