import {
  inquiryParams,
  inquiryReplied,
  inquiryReplyList,
  inquiryReplyRequest,
  type InquiryReplied,
} from '@shop/contracts';
import { getInquiry, listInquiryReplies, whenProjected } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { storedInquiry } from './inquiry-routes.js';
import type { InquiryService } from './inquiry-service.js';
import { operatorAct } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { parseOrReject } from '../api/problem.js';

/** The operator's replies to an inquiry: the thread under the visitor's message, and a new reply. */
export function inquiryReplyRoutes(deps: { knex: Knex; inquiries: InquiryService }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/inquiries/:id/replies',
      operationId: 'listInquiryReplies',
      summary: "List an inquiry's replies",
      description: 'The replies sent to the visitor, oldest first, with who wrote each and when.',
      tags: ['admin'],
      params: inquiryParams,
      responses: {
        200: { description: 'The replies', schema: inquiryReplyList },
        404: problem('inquiry.not_found'),
      },
    },
    async (req, res) => {
      const { id } = await storedInquiry(deps.knex, String(req.params.id));
      res.json(await listInquiryReplies(deps.knex, id));
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/inquiries/:id/replies',
      operationId: 'replyToInquiry',
      summary: 'Reply to an inquiry',
      description:
        "Records the reply on the inquiry's stream (the operator as actor) and e-mails it to the visitor in the inquiry's language. The first reply moves a new inquiry to in_progress; another status is kept.",
      tags: ['admin'],
      params: inquiryParams,
      body: inquiryReplyRequest,
      responses: {
        201: { description: 'Recorded; the e-mail follows', schema: inquiryReplied },
        400: problem('validation.failed (message empty, too short or too long)'),
        404: problem('inquiry.not_found'),
        409: problem('inquiry.erased (its sender was erased), inquiry.no_email (sent without an address)'),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const { message } = parseOrReject(inquiryReplyRequest, req.body);
      const answer: InquiryReplied = await deps.inquiries.reply(id, message, operatorAct(req));
      // The operator's page reads the thread and the status next: answer once the read model shows
      // them (or after a short wait, the page then catches up on its next reading).
      await whenProjected(
        () => getInquiry(deps.knex, id),
        (found) => found !== null && found.version >= answer.version,
      );
      res.status(201).json(answer);
    },
  );

  return router;
}
