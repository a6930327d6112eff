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
import { subscriptionDecider, subscriptionStreamId, DomainError, type Language } from '@shop/domain';
import { handleCommand, retryWhenOvertaken, type EventStore } from '@shop/event-store';
import { countOpenSubscriptionsByCredentials, getPlan } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import { credentialsForCustomer, subscriptionNotFound, UUID } from './customer-credentials.js';
import type { RowWrite } from '../infrastructure/rows-with-events.js';
import { CredentialSetLog, type CredentialSetContext } from './credential-set-log.js';
import { credentialsNotFound, SealedCredentials, type CredentialsRow } from './sealed-credentials.js';

/** A new set, its notes null when there are none. */
export type CredentialsInput = Omit<CreateCredentialsRequest, 'additionalInfo'> & { additionalInfo: string | null };

/** Who acts on a set, and the request it came with. */
export interface CredentialsContext {
  adminId: string;
  correlationId?: string;
}

const actedBy = (context: CredentialsContext): CredentialSetContext => ({
  actor: { type: 'admin', id: context.adminId },
  correlationId: context.correlationId,
});

interface SealedValues {
  login: string;
  password: string;
  additionalInfo: string | null;
}

/** One version's sealed values, written once and never updated. */
function versionRow(id: string, version: number, planId: string, sealed: SealedValues, at: Date, by: string): RowWrite {
  return {
    sql: `INSERT INTO service_credential_versions (credentials_id, version, plan_id, login_encrypted,
            password_encrypted, additional_info_encrypted, created_at, created_by)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    params: [id, version, planId, sealed.login, sealed.password, sealed.additionalInfo, at, by],
    undo: {
      sql: 'DELETE FROM service_credential_versions WHERE credentials_id = $1 AND version = $2',
      params: [id, version],
    },
  };
}

const changedMeanwhile = (id: string) =>
  new DomainError({
    code: 'credentials.stale',
    message: 'These credentials were changed meanwhile; reload them',
    details: { id },
  });

export const CREDENTIALS_SORT_FIELDS = ['id', 'planId', 'planName', 'email', 'createdAt', 'updatedAt'] as const;
export type CredentialsSortField = (typeof CREDENTIALS_SORT_FIELDS)[number];

export interface CredentialsListQuery {
  sort: { field: CredentialsSortField; order: 'asc' | 'desc' };
  range: { from: number; to: number };
  filter: { ids?: readonly string[]; planIds?: readonly string[]; q?: string };
}

/**
 * Service credentials: the operator stores, reveals, changes, deletes and assigns them; a customer
 * reads those of their own active subscription.
 */
export class CredentialService {
  private readonly sealed: SealedCredentials;

  private readonly log: CredentialSetLog;

  constructor(
    private readonly deps: { knex: Knex; store: EventStore; key: Buffer; clock: () => Date; logger: Logger },
  ) {
    this.sealed = new SealedCredentials(deps);
    this.log = new CredentialSetLog(deps);
  }

  /**
   * The operator's list. Logins are encrypted, so sorting and searching happen after
   * decryption: the table holds the operator's own sets (hundreds, not millions).
   */
  async list(query: CredentialsListQuery): Promise<{ data: CredentialsSummary[]; total: number }> {
    const rows = this.sealed.table();
    if (query.filter.ids) rows.whereIn('id', [...query.filter.ids]);
    if (query.filter.planIds) rows.whereIn('plan_id', [...query.filter.planIds]);
    const found = await rows;
    const [planNames, assigned] = await Promise.all([
      this.sealed.planNames(),
      countOpenSubscriptionsByCredentials(
        this.deps.knex,
        found.map((row) => row.id),
      ),
    ]);
    let all = found.map((row) => this.sealed.summaryOf(row, planNames, assigned));
    const words = query.filter.q?.trim().toLowerCase();
    if (words) {
      all = all.filter((c) => [c.email, c.planName, c.planId].some((value) => value.toLowerCase().includes(words)));
    }
    const { field, order } = query.sort;
    const direction = order === 'asc' ? 1 : -1;
    all.sort((a, b) => direction * String(a[field]).localeCompare(String(b[field])) || a.id.localeCompare(b.id));
    return { data: all.slice(query.range.from, query.range.to + 1), total: all.length };
  }

  /**
   * The Credentials tab's counters: sets stored, plans they cover, distinct login e-mails. Logins
   * are sealed (each with its own nonce), so they are compared once opened, case aside.
   */
  async counts(): Promise<{ total: number; plans: number; logins: number }> {
    const rows = await this.sealed.table().select('plan_id', 'login_encrypted');
    const plans = new Set(rows.map((row) => row.plan_id));
    const logins = new Set(rows.map((row) => this.sealed.open(row.login_encrypted).trim().toLowerCase()));
    return { total: rows.length, plans: plans.size, logins: logins.size };
  }

  /**
   * The same counters as they stood at `asOf`: each set's version stored by then (the log holds
   * no login, the versions' rows do), unless the set was deleted by then.
   */
  async countsAsOf(asOf: Date): Promise<{ total: number; plans: number; logins: number }> {
    const rows = (await this.deps
      .knex('service_credential_versions as v')
      .join('service_credentials as c', 'c.id', 'v.credentials_id')
      .where('v.created_at', '<=', asOf)
      .andWhere((alive) => alive.whereNull('c.deleted_at').orWhere('c.deleted_at', '>', asOf))
      .distinctOn('v.credentials_id')
      .orderBy([{ column: 'v.credentials_id' }, { column: 'v.version', order: 'desc' }])
      .select('v.plan_id', 'v.login_encrypted')) as Array<{ plan_id: string; login_encrypted: string }>;
    const plans = new Set(rows.map((row) => row.plan_id));
    const logins = new Set(rows.map((row) => this.sealed.open(row.login_encrypted).trim().toLowerCase()));
    return { total: rows.length, plans: plans.size, logins: logins.size };
  }

  /** One set with its password, for the operator; the reading is recorded. */
  async reveal(id: string, adminId: string): Promise<CredentialsDetail> {
    const row = await this.sealed.row(id);
    await this.sealed.recordReveal({ credentials: row, subscriptionId: null, revealedBy: adminId, viewer: 'admin' });
    return this.sealed.detailOf(row);
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
    await this.log.record(
      id,
      {
        type: 'CreateCredentialSet',
        data: { credentialSetId: id, planId: input.planId, planKnown: await this.planKnown(input.planId), now },
      },
      actedBy(context),
      () => [
        {
          sql: `INSERT INTO service_credentials (id, plan_id, login_encrypted, password_encrypted,
                  additional_info_encrypted, created_at, updated_at, created_by, version)
                VALUES ($1, $2, $3, $4, $5, $6, $6, $7, 1)`,
          params: [id, input.planId, sealed.login, sealed.password, sealed.additionalInfo, now, context.adminId],
          undo: { sql: 'DELETE FROM service_credentials WHERE id = $1', params: [id] },
        },
        versionRow(id, 1, input.planId, sealed, now, context.adminId),
      ],
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
   * to another plan.
   */
  update(id: string, input: CredentialsChange, context: CredentialsContext): Promise<CredentialsDetail> {
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
    const events = await this.log.record(
      id,
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
          ? [
              {
                sql: `UPDATE service_credentials SET plan_id = $3, login_encrypted = $4, password_encrypted = $5,
                        additional_info_encrypted = $6, version = $7, updated_at = $8, updated_by = $9
                      WHERE id = $1 AND version = $2 AND deleted_at IS NULL`,
                params: [
                  id,
                  row.version,
                  event.data.planId,
                  sealed.login,
                  sealed.password,
                  sealed.additionalInfo,
                  event.data.version,
                  now,
                  context.adminId,
                ],
                undo: {
                  sql: `UPDATE service_credentials SET plan_id = $2, login_encrypted = $3, password_encrypted = $4,
                          additional_info_encrypted = $5, version = $6, updated_at = $7, updated_by = $8
                        WHERE id = $1`,
                  params: [
                    id,
                    row.plan_id,
                    row.login_encrypted,
                    row.password_encrypted,
                    row.additional_info_encrypted,
                    row.version,
                    row.updated_at,
                    row.updated_by,
                  ],
                },
                refusedWhenNothingWritten: () => changedMeanwhile(id),
              },
              versionRow(id, event.data.version, event.data.planId, sealed, now, context.adminId),
            ]
          : [],
    );
    if (events.length > 0)
      this.deps.logger.info({ credentialsId: id, adminId: context.adminId }, 'service credentials changed');
    return this.sealed.detailOf(await this.sealed.row(id));
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
    await this.log.record(
      id,
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
      () => [
        {
          sql: 'UPDATE service_credentials SET deleted_at = $2, deleted_by = $3 WHERE id = $1 AND deleted_at IS NULL',
          params: [id, now, context.adminId],
          undo: {
            sql: 'UPDATE service_credentials SET deleted_at = NULL, deleted_by = NULL WHERE id = $1',
            params: [id],
          },
          refusedWhenNothingWritten: () => credentialsNotFound(id),
        },
      ],
    );
    this.deps.logger.info({ credentialsId: id, adminId: context.adminId }, 'service credentials deleted');
    return { id };
  }

  /**
   * A set stored before sets had a stream gets its `CredentialSetCreated` (marked carried over, at
   * its original time and by its original author) the first time it is changed, deleted or assigned.
   */
  private async ensureRecorded(row: CredentialsRow): Promise<void> {
    const { streamVersion } = await this.log.state(row.id);
    if (streamVersion > 0) return;
    await this.log.record(
      row.id,
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
  async assign(
    subscriptionId: string,
    credentialsId: string,
    context: { adminId: string; correlationId: string },
  ): Promise<CredentialsAssigned> {
    if (!UUID.test(subscriptionId)) throw subscriptionNotFound();
    const row = await this.sealed.row(credentialsId);
    await this.ensureRecorded(row);
    const { newEvents } = await handleCommand(
      this.deps.store,
      subscriptionStreamId(subscriptionId),
      subscriptionDecider,
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
      { metadata: { actor: { type: 'admin', id: context.adminId }, correlationId: context.correlationId } },
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
