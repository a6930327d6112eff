import { randomUUID } from 'node:crypto';
import { subscriptionDecider, subscriptionStreamId, DomainError, NotFoundError, type Language } from '@shop/domain';
import { handleCommand, type EventStore } from '@shop/event-store';
import {
  countOpenSubscriptionsByCredentials,
  decrypt,
  encrypt,
  getPlan,
  getSubscription,
  isCurrentlyActive,
  listPlans,
} from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';

/**
 * The service accounts handed to subscribers, in an ordinary table: the log only records which
 * set a subscription was given (`CredentialsAssigned`). Login, password and notes are encrypted
 * with a key of their own (AES-256-GCM); every read of a password is recorded, without it.
 */
interface CredentialsRow {
  id: string;
  plan_id: string;
  login_encrypted: string;
  password_encrypted: string;
  additional_info_encrypted: string | null;
  created_at: Date;
  updated_at: Date;
  created_by: string;
  updated_by: string | null;
}

/** A set as the back-office lists it: never the password. */
export interface CredentialsSummary {
  id: string;
  planId: string;
  planName: string;
  email: string;
  hasPassword: boolean;
  hasAdditionalInfo: boolean;
  /** Subscriptions still in use (active or suspended) that this set serves. */
  assignedCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string | null;
}

/** A set revealed to the operator. */
export interface CredentialsDetail extends CredentialsSummary {
  password: string;
  additionalInfo: string | null;
}

export interface CredentialsInput {
  planId: string;
  email: string;
  password: string;
  additionalInfo: string | null;
}

export const CREDENTIALS_SORT_FIELDS = ['id', 'planId', 'planName', 'email', 'createdAt', 'updatedAt'] as const;
export type CredentialsSortField = (typeof CREDENTIALS_SORT_FIELDS)[number];

export interface CredentialsListQuery {
  sort: { field: CredentialsSortField; order: 'asc' | 'desc' };
  range: { from: number; to: number };
  filter: { ids?: readonly string[]; planIds?: readonly string[]; q?: string };
}

/** What the customer's credentials page shows. */
export type CustomerCredentials =
  | { status: 'preparing'; subscriptionId: string; planName: string; logo: string | null }
  | {
      status: 'ready';
      subscriptionId: string;
      planName: string;
      logo: string | null;
      email: string;
      password: string;
      additionalInfo: string | null;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const credentialsNotFound = (id: string) =>
  new NotFoundError({ code: 'credentials.not_found', message: 'No such credentials', details: { id } });
const subscriptionNotFound = () =>
  new NotFoundError({ code: 'subscription.not_found', message: 'No such subscription' });

export class CredentialService {
  constructor(
    private readonly deps: { knex: Knex; store: EventStore; key: Buffer; clock: () => Date; logger: Logger },
  ) {}

  private seal(value: string): string {
    return encrypt(this.deps.key, Buffer.from(value, 'utf8'));
  }

  private open(value: string): string {
    return decrypt(this.deps.key, value).toString('utf8');
  }

  private async planNames(): Promise<Map<string, string>> {
    const plans = await listPlans(this.deps.knex, { language: 'fr' });
    return new Map(plans.map((plan) => [plan.id, plan.name]));
  }

  private summaryOf(row: CredentialsRow, planNames: Map<string, string>, assigned: Map<string, number>) {
    return {
      id: row.id,
      planId: row.plan_id,
      planName: planNames.get(row.plan_id) ?? row.plan_id,
      email: this.open(row.login_encrypted),
      hasPassword: row.password_encrypted.length > 0,
      hasAdditionalInfo: row.additional_info_encrypted !== null,
      assignedCount: assigned.get(row.id) ?? 0,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      createdBy: row.created_by,
      updatedBy: row.updated_by,
    } satisfies CredentialsSummary;
  }

  /**
   * The operator's list. Logins are encrypted, so sorting and searching happen after
   * decryption: the table holds the operator's own sets (hundreds, not millions).
   */
  async list(query: CredentialsListQuery): Promise<{ data: CredentialsSummary[]; total: number }> {
    const rows = this.deps.knex<CredentialsRow>('service_credentials');
    if (query.filter.ids) rows.whereIn('id', [...query.filter.ids]);
    if (query.filter.planIds) rows.whereIn('plan_id', [...query.filter.planIds]);
    const found = await rows;
    const [planNames, assigned] = await Promise.all([
      this.planNames(),
      countOpenSubscriptionsByCredentials(
        this.deps.knex,
        found.map((row) => row.id),
      ),
    ]);
    let all = found.map((row) => this.summaryOf(row, planNames, assigned));
    const words = query.filter.q?.trim().toLowerCase();
    if (words) {
      all = all.filter((c) => [c.email, c.planName, c.planId].some((value) => value.toLowerCase().includes(words)));
    }
    const { field, order } = query.sort;
    const direction = order === 'asc' ? 1 : -1;
    all.sort((a, b) => direction * String(a[field]).localeCompare(String(b[field])) || a.id.localeCompare(b.id));
    return { data: all.slice(query.range.from, query.range.to + 1), total: all.length };
  }

  private async row(id: string): Promise<CredentialsRow> {
    const row = await this.deps.knex<CredentialsRow>('service_credentials').where({ id }).first();
    if (!row) throw credentialsNotFound(id);
    return row;
  }

  private async detailOf(row: CredentialsRow): Promise<CredentialsDetail> {
    const [planNames, assigned] = await Promise.all([
      this.planNames(),
      countOpenSubscriptionsByCredentials(this.deps.knex, [row.id]),
    ]);
    return {
      ...this.summaryOf(row, planNames, assigned),
      password: this.open(row.password_encrypted),
      additionalInfo: row.additional_info_encrypted === null ? null : this.open(row.additional_info_encrypted),
    };
  }

  private async recordReveal(reveal: {
    credentialsId: string;
    subscriptionId: string | null;
    revealedBy: string;
    viewer: 'admin' | 'customer';
  }) {
    await this.deps.knex('service_credential_reveals').insert({
      credentials_id: reveal.credentialsId,
      subscription_id: reveal.subscriptionId,
      revealed_by: reveal.revealedBy,
      viewer: reveal.viewer,
      revealed_at: this.deps.clock(),
    });
    this.deps.logger.info(reveal, 'service credentials revealed');
  }

  /** One set with its password, for the operator; the reading is recorded. */
  async reveal(id: string, adminId: string): Promise<CredentialsDetail> {
    const row = await this.row(id);
    await this.recordReveal({ credentialsId: id, subscriptionId: null, revealedBy: adminId, viewer: 'admin' });
    return this.detailOf(row);
  }

  private async requirePlan(planId: string) {
    if (!(await getPlan(this.deps.knex, planId, 'fr'))) {
      throw new DomainError({
        code: 'credentials.unknown_plan',
        message: `No plan ${planId}`,
        details: { planId },
      });
    }
  }

  async create(input: CredentialsInput, adminId: string): Promise<CredentialsDetail> {
    await this.requirePlan(input.planId);
    const now = this.deps.clock();
    const id = randomUUID();
    await this.deps.knex('service_credentials').insert({
      id,
      plan_id: input.planId,
      login_encrypted: this.seal(input.email),
      password_encrypted: this.seal(input.password),
      additional_info_encrypted: input.additionalInfo === null ? null : this.seal(input.additionalInfo),
      created_at: now,
      updated_at: now,
      created_by: adminId,
    });
    this.deps.logger.info({ credentialsId: id, planId: input.planId, adminId }, 'service credentials stored');
    return this.detailOf(await this.row(id));
  }

  /**
   * Changes a set; every subscription it serves sees the change at once (a shared account's new
   * password is typed once). Absent password or additional info keep their value; a null
   * additional info clears it. A set in use cannot move to another plan.
   */
  async update(
    id: string,
    input: { planId: string; email: string; password?: string; additionalInfo?: string | null },
    adminId: string,
  ): Promise<CredentialsDetail> {
    const row = await this.row(id);
    if (input.planId !== row.plan_id) {
      await this.requirePlan(input.planId);
      await this.refuseWhileInUse(id, 'Credentials that serve subscriptions cannot move to another plan');
    }
    await this.deps
      .knex('service_credentials')
      .where({ id })
      .update({
        plan_id: input.planId,
        login_encrypted: this.seal(input.email),
        ...(input.password !== undefined ? { password_encrypted: this.seal(input.password) } : {}),
        ...(input.additionalInfo !== undefined
          ? { additional_info_encrypted: input.additionalInfo === null ? null : this.seal(input.additionalInfo) }
          : {}),
        updated_at: this.deps.clock(),
        updated_by: adminId,
      });
    this.deps.logger.info({ credentialsId: id, adminId }, 'service credentials changed');
    return this.detailOf(await this.row(id));
  }

  private async refuseWhileInUse(id: string, detail: string) {
    const inUse = (await countOpenSubscriptionsByCredentials(this.deps.knex, [id])).get(id) ?? 0;
    if (inUse > 0) {
      throw new DomainError({ code: 'credentials.in_use', message: detail, details: { id, subscriptions: inUse } });
    }
  }

  /** Refused while an active or suspended subscription uses the set: assign it another set first. */
  async delete(id: string, adminId: string): Promise<{ id: string }> {
    await this.row(id);
    await this.refuseWhileInUse(id, 'These credentials still serve subscriptions; assign them other credentials first');
    await this.deps.knex('service_credentials').where({ id }).delete();
    this.deps.logger.info({ credentialsId: id, adminId }, 'service credentials deleted');
    return { id };
  }

  /** `CredentialsAssigned` through the subscription's decider (active only, same plan). */
  async assign(
    subscriptionId: string,
    credentialsId: string,
    context: { adminId: string; correlationId: string },
  ): Promise<{ subscriptionId: string; credentialsId: string; changed: boolean }> {
    if (!UUID.test(subscriptionId)) throw subscriptionNotFound();
    const row = await this.row(credentialsId);
    const { newEvents } = await handleCommand(
      this.deps.store,
      subscriptionStreamId(subscriptionId),
      subscriptionDecider,
      {
        type: 'AssignCredentials',
        data: { subscriptionId, credentialsId, credentialsPlanId: row.plan_id, now: this.deps.clock() },
      },
      { metadata: { actor: { type: 'admin', id: context.adminId }, correlationId: context.correlationId } },
    );
    return { subscriptionId, credentialsId, changed: newEvents.length > 0 };
  }

  /**
   * The credentials of a customer's own subscription. Another customer's subscription answers
   * exactly like a missing one. While no set is assigned (or the assigned set was deleted and
   * awaits a replacement) the page says they are being prepared.
   */
  async forCustomer(userId: string, subscriptionId: string, language: Language): Promise<CustomerCredentials> {
    const subscription = UUID.test(subscriptionId) ? await getSubscription(this.deps.knex, subscriptionId) : null;
    if (!subscription || subscription.userId !== userId) throw subscriptionNotFound();
    if (!isCurrentlyActive(subscription, this.deps.clock())) {
      throw new DomainError({
        code: 'subscription.not_active',
        message: 'Credentials are shown only while the subscription is active',
        details: { subscriptionStatus: subscription.status, expiresAt: subscription.expiresAt },
      });
    }
    const plan = await getPlan(this.deps.knex, subscription.planId, language);
    const shown = { subscriptionId, planName: plan?.name ?? subscription.planName, logo: plan?.logo ?? null };
    const row = subscription.credentialsId
      ? await this.deps.knex<CredentialsRow>('service_credentials').where({ id: subscription.credentialsId }).first()
      : undefined;
    if (!row) return { status: 'preparing', ...shown };
    await this.recordReveal({ credentialsId: row.id, subscriptionId, revealedBy: userId, viewer: 'customer' });
    return {
      status: 'ready',
      ...shown,
      email: this.open(row.login_encrypted),
      password: this.open(row.password_encrypted),
      additionalInfo: row.additional_info_encrypted === null ? null : this.open(row.additional_info_encrypted),
    };
  }
}
