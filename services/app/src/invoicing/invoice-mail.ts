import type { AccountingDocumentView } from '@shop/contracts';
import type { Language } from '@shop/domain';
import { invoiceOfPayment, listAccountingDocumentsForAdmin, type SubscriptionView } from '@shop/projections';
import type { Knex } from 'knex';
import type { SellerIdentity } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';
import type { OrderMailKind } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';
import type { MailAttachment } from '../mail/mailer.js';
import { renderAccountingDocumentPdf } from './invoice-pdf.js';

/**
 * How long after the news a confirmation waits for its invoice to be issued (the accounting job
 * runs beside it); then it leaves without the PDF, which the customer still finds in their account.
 */
export const INVOICE_ATTACHMENT_WAIT_MS = 10 * 60_000;

/** The confirmations that carry the invoice of the payment they confirm. */
const WITH_INVOICE: ReadonlySet<OrderMailKind> = new Set(['payment_confirmed', 'renewal_confirmed']);

/** The invoice of the payment a confirmation is about, or null when that payment has none. */
async function invoiceOfNews(
  knex: Knex,
  kind: OrderMailKind,
  subscription: SubscriptionView,
  job: { expiresAt?: string; amountCents?: number; paymentReference?: string },
): Promise<{ expected: boolean; invoice: AccountingDocumentView | null }> {
  if (kind === 'payment_confirmed') {
    // A free order (the free offer, a grant, a 100 % promotion) is invoiced nothing.
    if (!subscription.paymentReference || subscription.totalCents <= 0) return { expected: false, invoice: null };
    return {
      expected: true,
      invoice: await invoiceOfPayment(knex, subscription.id, subscription.paymentReference),
    };
  }
  if (job.amountCents !== undefined && job.amountCents <= 0) return { expected: false, invoice: null };
  // A renewal: the invoice of its payment. Another renewal may end where it does (one refunded,
  // then bought again), so the period's end names it only for jobs made before they named the payment.
  if (job.paymentReference) {
    return { expected: true, invoice: await invoiceOfPayment(knex, subscription.id, job.paymentReference) };
  }
  if (!job.expiresAt) return { expected: false, invoice: null };
  const end = Date.parse(job.expiresAt);
  const { data } = await listAccountingDocumentsForAdmin(knex, {
    sort: { field: 'issuedAt', order: 'desc' },
    range: { from: 0, to: 199 },
    filter: { subscriptionId: subscription.id, kind: 'invoice' },
  });
  return { expected: true, invoice: data.find((d) => Date.parse(d.periodTo) === end) ?? null };
}

/**
 * The PDF of the invoice a "payment confirmed" or "renewal confirmed" e-mail carries. While it
 * is not issued yet the job waits (NotYetError), up to INVOICE_ATTACHMENT_WAIT_MS after the news;
 * then the e-mail leaves without it.
 */
export async function invoiceAttachments(
  deps: { knex: Knex; clock: () => Date; logger: Logger; seller: SellerIdentity | null },
  kind: OrderMailKind,
  subscription: SubscriptionView,
  job: { at: string; expiresAt?: string; amountCents?: number; mailId: string; paymentReference?: string },
  language: Language,
): Promise<MailAttachment[]> {
  if (!WITH_INVOICE.has(kind) || !deps.seller) return [];
  const { expected, invoice } = await invoiceOfNews(deps.knex, kind, subscription, job);
  if (!expected) return [];
  if (!invoice) {
    if (deps.clock().getTime() - Date.parse(job.at) < INVOICE_ATTACHMENT_WAIT_MS)
      throw new NotYetError(`the invoice of ${kind} for subscription ${subscription.id} is not issued yet`);
    deps.logger.warn(
      { kind, subscriptionId: subscription.id, mailId: job.mailId },
      'invoice still not issued; e-mail sent without it',
    );
    return [];
  }
  return [
    {
      filename: `${invoice.number}.pdf`,
      content: await renderAccountingDocumentPdf(invoice, deps.seller, language),
      contentType: 'application/pdf',
    },
  ];
}
