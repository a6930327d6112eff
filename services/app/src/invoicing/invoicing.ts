import {
  accountingSubject,
  addMonthsUtc,
  splitVat,
  vatRateOn,
  type DocumentDraft,
  type PaymentConfirmed,
  type OrderRefunded,
  type PaymentRefunded,
  type PartialRefundRecorded,
  type RenewalRefunded,
  type SubscriptionEvent,
  type SubscriptionRenewed,
} from '@shop/domain';
import { asDomainEvent, type EventMetadata } from '@shop/event-store';
import { ERASED_VALUE, getSubscription, invoiceOfPayment, type PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';
import type { JobDataByName, JobHandlers } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';
import { accountForEffect } from '../accounts/account-for-effect.js';
import type { Reactor } from '../reactors/reactor.js';
import type { SubscriptionCommands } from '../subscriptions/subscription-commands.js';
import type { AccountingCommands } from './accounting-commands.js';

const ACCOUNTING_ACTOR: EventMetadata = { actor: { type: 'system', id: 'accounting' } };

/** The country billed when an order gave none (placed before the checkout asked, or granted): the shop's own. */
const DEFAULT_BILLING = { country: 'FR', companyName: null, vatNumber: null };

type IssueJob = JobDataByName['issue-accounting-document'];

/**
 * The books: every payment kept (an order's, a renewal's, a grant at a price) gets one invoice,
 * every refund (part or all of one) one credit note correcting it, each numbered in its series by
 * `AccountingCommands`. What a document says is read from the subscription's stream (what was
 * paid, for which period, by whom) when it is issued; the buyer's name is sealed under the
 * accounting key of the year, which the customer's erasure does not destroy (ADR 0025).
 */
export class Invoicing {
  constructor(
    private readonly deps: {
      knex: Knex;
      vault: PersonalDataVault;
      commands: { subscriptions: SubscriptionCommands; accounting: AccountingCommands };
      clock: () => Date;
    },
  ) {}

  async issue(job: IssueJob): Promise<void> {
    if (job.kind === 'invoice') await this.issueInvoice(job.subscriptionId, job.paymentReference);
    else await this.issueCreditNote(job);
  }

  private async issueInvoice(subscriptionId: string, paymentReference: string): Promise<void> {
    const { knex, commands } = this.deps;
    const state = await commands.subscriptions.current(subscriptionId);
    if (state.status === 'none') return;
    const payment = state.payments?.[paymentReference];
    // An extra payment is the shop's to give back, not a sale; a free one sells nothing.
    if (!payment || payment.kind === 'extra' || payment.amountCents <= 0) return;
    const [subscription, account] = await Promise.all([
      getSubscription(knex, subscriptionId),
      accountForEffect(knex, state.userId),
    ]);
    if (!subscription) throw new NotYetError(`subscription ${subscriptionId} is not in its read model yet`);
    const renewal = Object.values(state.renewals ?? {}).find((r) => r.paid?.paymentReference === paymentReference);
    const item = renewal?.paid
      ? { months: renewal.months, periodFrom: renewal.paid.from, periodTo: renewal.paid.to }
      : {
          months: state.months,
          periodFrom: payment.paidAt,
          periodTo: addMonthsUtc(new Date(payment.paidAt), state.months).toISOString(),
        };
    const billing = (renewal ? renewal.billing : undefined) ?? state.billing ?? DEFAULT_BILLING;
    const vatRate = vatRateOn(billing.country, new Date(payment.paidAt));
    const issuedAt = this.deps.clock();
    const year = issuedAt.getUTCFullYear();
    // An account erased before its payment was invoiced: billed to nobody by name.
    const name = account?.fullName ?? ERASED_VALUE;
    await commands.accounting.issue(
      {
        type: 'IssueDocument',
        data: {
          kind: 'invoice',
          year,
          draft: {
            documentId: `invoice:${subscriptionId}:${paymentReference}`,
            issuedAt: issuedAt.toISOString(),
            subscriptionId,
            userId: state.userId,
            paymentReference,
            provider: payment.provider,
            paidAt: payment.paidAt,
            buyer: await this.buyer(year, { name, ...billing }),
            item: { planName: subscription.planName, ...item },
            currency: payment.currency,
            grossCents: payment.amountCents,
            ...splitVat(payment.amountCents, vatRate),
            vatRate,
            corrects: null,
          },
        },
      },
      ACCOUNTING_ACTOR,
    );
  }

  private async issueCreditNote(job: Extract<IssueJob, { kind: 'credit_note' }>): Promise<void> {
    const credited = job.refundedAfterCents - job.refundedBeforeCents;
    if (credited <= 0) return;
    const invoice = await invoiceOfPayment(this.deps.knex, job.subscriptionId, job.paymentReference);
    // The invoice's own job, or its projection, has not caught up yet.
    if (!invoice) throw new NotYetError(`no invoice yet for payment ${job.paymentReference} of ${job.subscriptionId}`);
    const issuedAt = this.deps.clock();
    const year = issuedAt.getUTCFullYear();
    const draft: DocumentDraft = {
      documentId: `credit:${job.subscriptionId}:${job.paymentReference}:${job.refundedAfterCents}`,
      issuedAt: issuedAt.toISOString(),
      subscriptionId: job.subscriptionId,
      userId: invoice.userId,
      paymentReference: job.paymentReference,
      provider: invoice.provider,
      paidAt: invoice.paidAt,
      buyer: await this.buyer(year, {
        name: invoice.customerName,
        country: invoice.country,
        companyName: invoice.companyName,
        vatNumber: invoice.vatNumber,
      }),
      item: {
        planName: invoice.planName,
        months: invoice.months,
        periodFrom: invoice.periodFrom,
        periodTo: invoice.periodTo,
      },
      currency: invoice.currency,
      grossCents: -credited,
      ...splitVat(-credited, invoice.vatRate),
      vatRate: invoice.vatRate,
      corrects: { documentId: invoice.id, number: invoice.number },
    };
    await this.deps.commands.accounting.issue(
      { type: 'IssueDocument', data: { kind: 'credit_note', year, draft } },
      ACCOUNTING_ACTOR,
    );
  }

  /** The buyer as billed, their name and company sealed under the accounting key of the year. */
  private async buyer(
    year: number,
    billed: { name: string; country: string; companyName: string | null; vatNumber: string | null },
  ): Promise<DocumentDraft['buyer']> {
    const seal = (value: string) => this.deps.vault.seal(this.deps.knex, accountingSubject(year), value);
    return {
      name: await seal(billed.name),
      country: billed.country,
      companyName: billed.companyName === null ? null : await seal(billed.companyName),
      vatNumber: billed.vatNumber,
    };
  }
}

/** A job per payment kept and per refund, keyed by its event: a replay issues nothing twice. */
export const accountingReactor: Reactor = {
  name: 'accounting',
  eventTypes: [
    'PaymentConfirmed',
    'SubscriptionRenewed',
    'PaymentRefunded',
    'RenewalRefunded',
    'OrderRefunded',
    'PartialRefundRecorded',
  ] satisfies ReadonlyArray<SubscriptionEvent['type']>,
  react: (recorded) => {
    const event = asDomainEvent<
      PaymentConfirmed | SubscriptionRenewed | PaymentRefunded | RenewalRefunded | OrderRefunded | PartialRefundRecorded
    >(recorded);
    const job = (data: IssueJob) => [
      { jobId: `${recorded.id}:accounting`, name: 'issue-accounting-document' as const, data },
    ];
    const { subscriptionId, paymentReference } = event.data;
    switch (event.type) {
      case 'PaymentConfirmed':
        return event.data.amountCents > 0 ? job({ kind: 'invoice', subscriptionId, paymentReference }) : [];
      case 'SubscriptionRenewed':
        return job({ kind: 'invoice', subscriptionId, paymentReference });
      case 'PartialRefundRecorded':
        if (event.data.kind === 'extra') return [];
        return job({
          kind: 'credit_note',
          subscriptionId,
          paymentReference,
          refundedBeforeCents: event.data.refundedTotalCents - event.data.amountCents,
          refundedAfterCents: event.data.refundedTotalCents,
        });
      case 'PaymentRefunded':
      case 'RenewalRefunded':
      case 'OrderRefunded':
        return job({
          kind: 'credit_note',
          subscriptionId,
          paymentReference,
          refundedBeforeCents: event.data.refundedBeforeCents ?? 0,
          refundedAfterCents: event.data.amountCents,
        });
    }
  },
};

export function accountingJobHandlers(deps: { invoicing: Invoicing }): Pick<JobHandlers, 'issue-accounting-document'> {
  return { 'issue-accounting-document': (data) => deps.invoicing.issue(data) };
}
