import type { CredentialsDetail, CredentialsSummary } from '@shop/contracts';
import { NotFoundError } from '@shop/domain';
import { countOpenSubscriptionsByCredentials, decrypt, encrypt, listPlans } from '@shop/projections';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { CredentialRevealCommands } from './credential-reveal-commands.js';

/**
 * The service accounts handed to subscribers, in ordinary tables: the log records that a set was
 * created, revised or deleted and which set and version a subscription was given, never what it
 * holds. `service_credentials` keeps each set's current version (a deleted set stays, with
 * `deleted_at`), `service_credential_versions` every version. Login, password and notes are
 * encrypted with a key of their own (AES-256-GCM); every read of a password is recorded in the log
 * (`CredentialsRevealed`), without it.
 */
export interface CredentialsRow {
  id: string;
  plan_id: string;
  login_encrypted: string;
  password_encrypted: string;
  additional_info_encrypted: string | null;
  created_at: Date;
  updated_at: Date;
  created_by: string;
  updated_by: string | null;
  version: number;
  deleted_at: Date | null;
  deleted_by: string | null;
}

export const credentialsNotFound = (id: string) =>
  new NotFoundError({ code: 'credentials.not_found', message: 'No such credentials', details: { id } });

/** The credentials table: sealing and opening its values, reading its rows, recording who saw a password. */
export class SealedCredentials {
  constructor(
    private readonly deps: {
      knex: Knex;
      key: Buffer;
      clock: () => Date;
      logger: Logger;
      commands: { credentialReveals: CredentialRevealCommands };
    },
  ) {}

  seal(value: string): string {
    return encrypt(this.deps.key, Buffer.from(value, 'utf8'));
  }

  open(value: string): string {
    return decrypt(this.deps.key, value).toString('utf8');
  }

  /** The notes, or null when the set has none. */
  openAdditionalInfo(row: CredentialsRow): string | null {
    return row.additional_info_encrypted === null ? null : this.open(row.additional_info_encrypted);
  }

  /** The sets that can be shown and assigned: deleted ones stay in the table, out of sight. */
  table() {
    return this.deps.knex<CredentialsRow>('service_credentials').whereNull('deleted_at');
  }

  async find(id: string): Promise<CredentialsRow | undefined> {
    return this.table().where({ id }).first();
  }

  async row(id: string): Promise<CredentialsRow> {
    const row = await this.find(id);
    if (!row) throw credentialsNotFound(id);
    return row;
  }

  async planNames(): Promise<Map<string, string>> {
    const plans = await listPlans(this.deps.knex, { language: 'fr' });
    return new Map(plans.map((plan) => [plan.id, plan.name]));
  }

  summaryOf(row: CredentialsRow, planNames: Map<string, string>, assigned: Map<string, number>): CredentialsSummary {
    return {
      id: row.id,
      planId: row.plan_id,
      planName: planNames.get(row.plan_id) ?? row.plan_id,
      email: this.open(row.login_encrypted),
      hasPassword: row.password_encrypted.length > 0,
      hasAdditionalInfo: row.additional_info_encrypted !== null,
      assignedCount: assigned.get(row.id) ?? 0,
      version: row.version,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      createdBy: row.created_by,
      updatedBy: row.updated_by,
    };
  }

  /** One set as the list shows it: never its password nor its notes. */
  async summaryOfOne(row: CredentialsRow): Promise<CredentialsSummary> {
    const [planNames, assigned] = await Promise.all([
      this.planNames(),
      countOpenSubscriptionsByCredentials(this.deps.knex, [row.id]),
    ]);
    return this.summaryOf(row, planNames, assigned);
  }

  async detailOf(row: CredentialsRow): Promise<CredentialsDetail> {
    return {
      ...(await this.summaryOfOne(row)),
      password: this.open(row.password_encrypted),
      additionalInfo: this.openAdditionalInfo(row),
    };
  }

  /** Records who read which set, and which version of it (the row whose secrets are shown): `CredentialsRevealed`. */
  async recordReveal(reveal: {
    credentials: Pick<CredentialsRow, 'id' | 'version'>;
    subscriptionId: string | null;
    revealedBy: string;
    viewer: 'admin' | 'customer';
    correlationId?: string;
    /** Why the operator reads it (support must say; an owner may). */
    reason?: string;
  }) {
    const { credentials, correlationId, ...reader } = reveal;
    await this.deps.commands.credentialReveals.execute(
      {
        type: 'RecordReveal',
        data: {
          revealId: randomUUID(),
          credentialSetId: credentials.id,
          credentialsVersion: credentials.version,
          subscriptionId: reveal.subscriptionId,
          revealedBy: reveal.revealedBy,
          viewer: reveal.viewer,
          revealedAt: this.deps.clock().toISOString(),
          ...(reveal.reason ? { reason: reveal.reason } : {}),
        },
      },
      { actor: { type: reveal.viewer, id: reveal.revealedBy }, ...(correlationId ? { correlationId } : {}) },
    );
    this.deps.logger.info(
      { ...reader, credentialsId: credentials.id, credentialsVersion: credentials.version },
      'service credentials revealed',
    );
  }
}
