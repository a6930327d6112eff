import { billingDetails, myInvoices, type BillingDetails, type MyInvoices } from '@shop/contracts';
import { latestBillingOfUser, listAccountingDocumentsOfUser } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { currentUser, requireUser } from '../api/auth/authentication.js';
import type { ApiDocument } from '../api/openapi.js';

/** The customer's own invoices and credit notes, and who their last order was billed to. */
export function myInvoiceRoutes(deps: { knex: Knex }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/invoices',
      operationId: 'listMyInvoices',
      summary: 'List your invoices and credit notes',
      description:
        'Newest first: one invoice per payment, one credit note per refund (negative amounts, naming the invoice it corrects).',
      tags: ['me'],
      responses: { 200: { description: 'Your documents', schema: myInvoices } },
    },
    requireUser,
    async (req, res) => {
      const answer: MyInvoices = { data: await listAccountingDocumentsOfUser(deps.knex, currentUser(req).userId) };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/billing',
      operationId: 'getMyBillingDetails',
      summary: 'Who your last order was billed to',
      description:
        'The country of residence, company and VAT number of your latest order or renewal, offered at checkout.',
      tags: ['me'],
      responses: { 200: { description: 'Your billing details (nulls before a first order)', schema: billingDetails } },
    },
    requireUser,
    async (req, res) => {
      const answer: BillingDetails = await latestBillingOfUser(deps.knex, currentUser(req).userId);
      res.json(answer);
    },
  );

  return router;
}
