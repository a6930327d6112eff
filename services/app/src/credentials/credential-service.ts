import { randomUUID } from 'node:crypto';
import type {
  CreateCredentialsRequest,
  CredentialsAssigned,
  CredentialsChange,
  CredentialsDeleted,
  CredentialsDetail,
  CredentialsSummary,
  SubscriptionCredentials,
} from '@shop/contracts';
import { DomainError, type CredentialSetCommand, type CredentialSetEvent, type Language } from '@shop/domain';
import { retryWhenOvertaken, type EventMetadata, type EventStore } from '@shop/event-store';
import { countOpenSubscriptionsByCredentials, getPlan } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { RowWrite } from '../infrastructure/rows-with-events.js';
import type { CredentialSetCommands } from './credential-set-commands.js';
import type { CredentialRevealCommands } from './credential-reveal-commands.js';
import type { SubscriptionCommands } from '../subscriptions/subscription-commands.js';
import { credentialsForCustomer, subscriptionNotFound, UUID } from './customer-credentials.js';
import { credentialCounts, listCredentials, type CredentialsListQuery } from './credential-listing.js';

export { CREDENTIALS_SORT_FIELDS, type CredentialsSortField } from './credential-listing.js';
import { createdSetRows, deletedSetRow, revisedSetRows, type SealedValues } from './credential-rows.js';
import { credentialsNotFound, SealedCredentials, type CredentialsRow } from './sealed-credentials.js';

/** A new set, its notes null when there are none. */
export type CredentialsInput = Omit<CreateCredentialsRequest, 'additionalInfo'> & { additionalInfo: string | null };

/** Who acts on a set, and the request it came with. */
export interface CredentialsContext {
  adminId: string;
  correlationId?: string;
}

const actedBy = (context: CredentialsContext): EventMetadata => ({
  actor: { type: 'admin', id: context.adminId },
  ...(context.correlationId ? { correlationId: context.correlationId } : {}),
});

const changedMeanwhile = (id: string) =>
  new DomainError({
    code: 'credentials.stale',
    message: 'These credentials were changed meanwhile; reload them',
    details: { id },
  });

/**
 * Service credentials: the operator stores, reveals, changes, deletes and assigns them; a customer
 * reads those of their own active subscription.
 */
export class CredentialService {
  private readonly sealed: SealedCredentials;

  constructor(
    private readonly deps: {
      knex: Knex;
      store: EventStore;
      commands: {
        credentialSets: CredentialSetCommands;
        subscriptions: SubscriptionCommands;
        credentialReveals: CredentialRevealCommands;
      };
      key: Buffer;
      clock: () => Date;
      logger: Logger;
    },
  ) {
    this.sealed = new SealedCredentials(deps);
  }

  /** The operator's list: see `listCredentials`. */
  list(query: CredentialsListQuery): Promise<{ data: CredentialsSummary[]; total: number }> {
    return listCredentials({ knex: this.deps.knex, sealed: this.sealed }, query);
  }

  /** The Credentials tab's counters: see `credentialCounts`. */
  counts(): Promise<{ total: number; plans: number; logins: number }> {
    return credentialCounts({ knex: this.deps.knex, sealed: this.sealed });
  }

  /** The same counters as they stood at `asOf`. */
  countsAsOf(asOf: Date): Promise<{ total: number; plans: number; logins: number }> {
    return credentialCounts({ knex: this.deps.knex, sealed: this.sealed }, asOf);
  }

  /** One set with its password, for the operator; the reading is recorded, with its reason when given. */
  async reveal(id: string, adminId: string, reason?: string): Promise<CredentialsDetail> {
    const row = await this.sealed.row(id);
    await this.sealed.recordReveal({
      credentials: row,
      subscriptionId: null,
      revealedBy: adminId,
      viewer: 'admin',
      ...(reason ? { reason } : {}),
    });
    return this.sealed.detailOf(row);
  }

  /** A command on a set's stream, with the rows its events stand for (decided once, see `CredentialSetCommands`). */
  private async record(
    command: CredentialSetCommand,
    metadata: EventMetadata,
    rowsFor: (event: CredentialSetEvent) => RowWrite[] = () => [],
  ): Promise<CredentialSetEvent[]> {
    return (await this.deps.commands.credentialSets.execute(command, metadata, { rowsFor })).newEvents;
  }

  private async planKnown(planId: string): Promise<boolean> {
    return (await getPlan(this.deps.knex, planId, 'fr')) !== null;
  }

  private async servingSubscriptions(id: string): Promise<number> {
    return (await countOpenSubscriptionsByCredentials(this.deps.knex, [id])).get(id) ?? 0;
  }

  /** Version 1 of a new set: `CredentialSetCreated`, with its row and its first version's row. */
  async create(input: CredentialsInput, context: CredentialsContext): Promise<CredentialsDetail> {
    const now = this.deps.clock();
    const id = randomUUID();
    const sealed: SealedValues = {
      login: this.sealed.seal(input.email),
      password: this.sealed.seal(input.password),
      additionalInfo: input.additionalInfo === null ? null : this.sealed.seal(input.additionalInfo),
    };
    await this.record(
      {
        type: 'CreateCredentialSet',
        data: { credentialSetId: id, planId: input.planId, planKnown: await this.planKnown(input.planId), now },
      },
      actedBy(context),
      () => createdSetRows(id, input.planId, sealed, now, context.adminId),
    );
    this.deps.logger.info(
      { credentialsId: id, planId: input.planId, adminId: context.adminId },
      'service credentials stored',
    );
    return this.sealed.detailOf(await this.sealed.row(id));
  }

  /**
   * A new version of a set (`CredentialSetRevised`); every subscription it serves sees it at once
   * (a shared account's new password is typed once). Absent password or additional info keep their
   * value; a null additional info clears it. A change that changes nothing records nothing. With
   * `version`, a change made meanwhile is refused (`credentials.stale`). A set in use cannot move
   * to another plan. Answers the set as the list shows it, without its password or notes.
   */
  update(id: string, input: CredentialsChange, context: CredentialsContext): Promise<CredentialsSummary> {
    // A save overtaken by another is decided again on what the other left: stale if it had a version.
    return retryWhenOvertaken(() => this.updateOnce(id, input, context));
  }

  private async updateOnce(id: string, input: CredentialsChange, context: CredentialsContext) {
    const row = await this.sealed.row(id);
    await this.ensureRecorded(row);
    const changed: Array<'login' | 'password' | 'additionalInfo'> = [];
    if (input.email !== this.sealed.open(row.login_encrypted)) changed.push('login');
    if (input.password !== undefined && input.password !== this.sealed.open(row.password_encrypted)) {
      changed.push('password');
    }
    if (input.additionalInfo !== undefined && input.additionalInfo !== this.sealed.openAdditionalInfo(row)) {
      changed.push('additionalInfo');
    }
    const now = this.deps.clock();
    const sealed: SealedValues = {
      login: changed.includes('login') ? this.sealed.seal(input.email) : row.login_encrypted,
      password:
        changed.includes('password') && input.password !== undefined
          ? this.sealed.seal(input.password)
          : row.password_encrypted,
      additionalInfo: !changed.includes('additionalInfo')
        ? row.additional_info_encrypted
        : input.additionalInfo === null || input.additionalInfo === undefined
          ? null
          : this.sealed.seal(input.additionalInfo),
    };
    const events = await this.record(
      {
        type: 'ReviseCredentialSet',
        data: {
          credentialSetId: id,
          planId: input.planId,
          planKnown: input.planId === row.plan_id || (await this.planKnown(input.planId)),
          changed,
          servingSubscriptions: await this.servingSubscriptions(id),
          expectedVersion: input.version,
          now,
        },
      },
      actedBy(context),
      (event) =>
        event.type === 'CredentialSetRevised'
          ? revisedSetRows(
              row,
              { version: event.data.version, planId: event.data.planId },
              sealed,
              now,
              context.adminId,
              {
                refused: () => changedMeanwhile(id),
              },
            )
          : [],
    );
    if (events.length > 0)
      this.deps.logger.info({ credentialsId: id, adminId: context.adminId }, 'service credentials changed');
    // The stored secrets are not answered: they leave the server only by the recorded reveal.
    return this.sealed.summaryOfOne(await this.sealed.row(id));
  }

  /**
   * `CredentialSetDeleted`: the set is no longer shown nor assignable; its rows and versions stay.
   * Refused while an active or suspended subscription uses the set: assign it another set first.
   */
  delete(id: string, context: CredentialsContext & { version?: number }): Promise<CredentialsDeleted> {
    return retryWhenOvertaken(() => this.deleteOnce(id, context));
  }

  private async deleteOnce(id: string, context: CredentialsContext & { version?: number }) {
    const row = await this.sealed.row(id);
    await this.ensureRecorded(row);
    const now = this.deps.clock();
    await this.record(
      {
        type: 'DeleteCredentialSet',
        data: {
          credentialSetId: id,
          servingSubscriptions: await this.servingSubscriptions(id),
          expectedVersion: context.version,
          now,
        },
      },
      actedBy(context),
      () => [deletedSetRow(id, now, context.adminId, { refused: () => credentialsNotFound(id) })],
    );
    this.deps.logger.info({ credentialsId: id, adminId: context.adminId }, 'service credentials deleted');
    return { id };
  }

  /**
   * A set stored before sets had a stream gets its `CredentialSetCreated` (marked carried over, at
   * its original time and by its original author) the first time it is changed, deleted or assigned.
   */
  private async ensureRecorded(row: CredentialsRow): Promise<void> {
    const { streamVersion } = await this.deps.commands.credentialSets.current(row.id);
    if (streamVersion > 0) return;
    await this.record(
      {
        type: 'CreateCredentialSet',
        data: {
          credentialSetId: row.id,
          planId: row.plan_id,
          planKnown: true,
          now: this.deps.clock(),
          carriedOverFrom: row.created_at,
        },
      },
      { actor: { type: 'admin', id: row.created_by } },
    );
  }

  /**
   * `CredentialsAssigned` through the subscription's decider (active only, same plan), with the
   * set's version at that moment.
   */
  /** Throws `credentials.not_found` unless the set is stored (and not deleted). */
  async requireSet(id: string): Promise<void> {
    await this.sealed.row(id);
  }

  async assign(
    subscriptionId: string,
    credentialsId: string,
    context: { adminId: string; correlationId: string },
  ): Promise<CredentialsAssigned> {
    if (!UUID.test(subscriptionId)) throw subscriptionNotFound();
    const row = await this.sealed.row(credentialsId);
    await this.ensureRecorded(row);
    const { newEvents } = await this.deps.commands.subscriptions.execute(
      {
        type: 'AssignCredentials',
        data: {
          subscriptionId,
          credentialsId,
          credentialsPlanId: row.plan_id,
          credentialsVersion: row.version,
          now: this.deps.clock(),
        },
      },
      { actor: { type: 'admin', id: context.adminId }, correlationId: context.correlationId },
    );
    return { subscriptionId, credentialsId, changed: newEvents.length > 0 };
  }

  /** See `credentialsForCustomer`. */
  async forCustomer(userId: string, subscriptionId: string, language: Language): Promise<SubscriptionCredentials> {
    return credentialsForCustomer(
      { knex: this.deps.knex, clock: this.deps.clock, sealed: this.sealed },
      { userId, subscriptionId, language },
    );
  }
}
