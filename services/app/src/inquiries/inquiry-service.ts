import { randomUUID } from 'node:crypto';
import {
  inquiryDataSubject,
  inquiryStreamId,
  type InquiryCommand,
  type InquiryForm,
  type InquiryStatus,
  type Language,
} from '@shop/domain';
import type { InquiryReceived } from '@shop/contracts';
import type { EventStore } from '@shop/event-store';
import { inquiryIdsOfPerson, KEY_DESTRUCTION_SQL, type PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import type { Logger } from '../infrastructure/logger.js';
import { consumeOrReject, type RateLimits } from '../security/rate-limits.js';
import type { InquiryCommands } from './inquiry-commands.js';

/** Form members that are choices from fixed lists; every other member is sealed. */
const PLAIN_MEMBERS: ReadonlySet<string> = new Set([
  'kind',
  'category',
  'trafficVolume',
  'promotionMethods',
  'partnershipType',
]);

export interface InquirySender {
  userId: string | null;
  language: Language;
  ip: string;
  correlationId: string;
  idempotencyKey?: string;
}

/** Visitor inquiries: received from the public forms, followed up by the operator. */
export class InquiryService {
  constructor(
    private readonly deps: {
      knex: Knex;
      store: EventStore;
      commands: { inquiries: InquiryCommands };
      vault: PersonalDataVault;
      limits: RateLimits;
      clock: () => Date;
      logger: Logger;
    },
  ) {}

  /**
   * Records an inquiry, its personal data sealed with a key of its own. With an
   * Idempotency-Key a retry answers the first inquiry's id and records nothing more; a
   * retry is not counted against the sender's rate limit either.
   */
  async receive(form: InquiryForm, sender: InquirySender): Promise<InquiryReceived> {
    const owner = sender.userId ?? 'anonymous';
    return onceForKey(
      this.deps.knex,
      { owner, key: sender.idempotencyKey, request: { inquiry: form, userId: sender.userId } },
      async () => {
        const inquiryId = sender.idempotencyKey ? idForKey('inquiry', owner, sender.idempotencyKey) : randomUUID();
        // The first run with this key recorded it before its process died: answer as it would have.
        if ((await this.deps.store.streamVersion(inquiryStreamId(inquiryId))) > 0) {
          return { id: inquiryId, status: 'new' as const };
        }
        await consumeOrReject(this.deps.limits.inquiriesByIp, `${form.kind}:${sender.ip}`);
        const sealed = await this.seal(inquiryId, form);
        await this.deps.commands.inquiries.execute(
          {
            type: 'ReceiveInquiry',
            inquiryId,
            data: {
              ...sealed,
              userId: sender.userId,
              language: sender.language,
              receivedAt: this.deps.clock().toISOString(),
            },
          },
          { actor: { type: 'customer', id: owner }, correlationId: sender.correlationId },
        );
        this.deps.logger.info({ inquiryId, kind: form.kind }, 'inquiry received');
        return { id: inquiryId, status: 'new' as const };
      },
    );
  }

  /** Appends the change unless the inquiry moved on since `expectedVersion` (then `inquiry.stale`). */
  async changeStatus(
    inquiryId: string,
    change: { to: InquiryStatus; expectedVersion?: number },
    context: { adminId: string; correlationId: string },
  ) {
    const { state, newEvents } = await this.deps.commands.inquiries.execute(
      {
        type: 'ChangeInquiryStatus',
        inquiryId,
        data: {
          to: change.to,
          changedBy: context.adminId,
          changedAt: this.deps.clock().toISOString(),
          ...(change.expectedVersion === undefined ? {} : { expectedVersion: change.expectedVersion }),
        },
      },
      { actor: { type: 'admin', id: context.adminId }, correlationId: context.correlationId },
    );
    if (!state.received) throw new Error(`inquiry ${inquiryId} vanished after a change`);
    return { status: state.status, version: state.version, changed: newEvents.length > 0 };
  }

  /**
   * Records the operator's reply (sealed with the inquiry's key), which the inquiry-reply-mail
   * reactor turns into the e-mail to the visitor; the first reply takes a new inquiry up.
   */
  async reply(inquiryId: string, message: string, context: { adminId: string; correlationId: string }) {
    const replyId = randomUUID();
    const reply = (sealedMessage: string): InquiryCommand => ({
      type: 'ReplyToInquiry',
      inquiryId,
      data: { replyId, message: sealedMessage, repliedBy: context.adminId, repliedAt: this.deps.clock().toISOString() },
    });
    // The decider's refusals (no such inquiry, erased, no address) before anything is sealed: no
    // key is made for an inquiry that does not exist, none asked of one that was erased.
    await this.deps.commands.inquiries.assertAllowed(reply(''));
    const sealed = await this.deps.vault.seal(this.deps.knex, inquiryDataSubject(inquiryId), message);
    const { state } = await this.deps.commands.inquiries.execute(reply(sealed), {
      actor: { type: 'admin', id: context.adminId },
      correlationId: context.correlationId,
    });
    if (!state.received) throw new Error(`inquiry ${inquiryId} vanished after a reply`);
    this.deps.logger.info({ inquiryId, replyId }, 'inquiry replied');
    return { id: replyId, inquiryId, status: state.status, version: state.version };
  }

  /**
   * Honours an erasure request: destroys the key of every inquiry sent from this address (or,
   * with `userId`, signed in as that person), each in one transaction with an `InquiryErased`
   * event naming who erased it; their personal data is then unreadable in the log and the read
   * model shows `[erased]`. Answers the inquiries erased now (none the second time).
   */
  async eraseSender(
    person: { email: string; userId?: string },
    context: { actor: { type: 'admin' | 'system' | 'customer'; id: string }; correlationId: string },
  ): Promise<string[]> {
    const ids = await inquiryIdsOfPerson(this.deps.knex, person);
    const erased: string[] = [];
    for (const inquiryId of ids) {
      const { newEvents } = await this.deps.commands.inquiries.execute(
        { type: 'EraseInquiry', inquiryId, data: { erasedAt: this.deps.clock().toISOString() } },
        { actor: context.actor, correlationId: context.correlationId },
        { rows: [{ sql: KEY_DESTRUCTION_SQL, params: [inquiryDataSubject(inquiryId)] }] },
      );
      if (newEvents.length > 0) erased.push(inquiryId);
    }
    this.deps.logger.info({ inquiries: erased.length }, 'inquiry personal data erased');
    return erased;
  }

  private async seal(inquiryId: string, form: InquiryForm): Promise<InquiryForm> {
    const subject = inquiryDataSubject(inquiryId);
    const entries: Array<[string, unknown]> = [];
    for (const [member, value] of Object.entries(form)) {
      const plain = PLAIN_MEMBERS.has(member) || typeof value !== 'string';
      entries.push([member, plain ? value : await this.deps.vault.seal(this.deps.knex, subject, value)]);
    }
    return Object.fromEntries(entries) as InquiryForm;
  }
}
