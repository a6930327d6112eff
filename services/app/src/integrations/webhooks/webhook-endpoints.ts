import {
  isUuid,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookReplayAccepted,
} from '@shop/contracts';
import { checkWebhookUrl, DomainError, NotFoundError, SHOP_EVENT_TYPES } from '@shop/domain';
import type { EventStore } from '@shop/event-store';
import { decrypt, encrypt } from '@shop/projections';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { InvalidInputError } from '../../errors.js';
import type { WebhookEndpointCommands } from './webhook-endpoint-commands.js';
import { PrivateAddressError, publicAddressesOf } from './webhook-addresses.js';
import { newWebhookSecret } from './webhook-signature.js';

/** The endpoints of a shop, from its runtime's parts: one for the routes, one for the worker. */
export function createWebhookEndpoints(deps: {
  knex: Knex;
  store: EventStore;
  commands: { webhookEndpoints: WebhookEndpointCommands };
  keys: { webhookSecrets: Buffer };
  config: { nodeEnv: string };
  clock: () => Date;
}): WebhookEndpoints {
  return new WebhookEndpoints({
    knex: deps.knex,
    store: deps.store,
    commands: deps.commands,
    key: deps.keys.webhookSecrets,
    clock: deps.clock,
    production: deps.config.nodeEnv === 'production',
  });
}

/** Refusals of what the operator typed: answered 400, nothing recorded. */
const INPUT_CODES = new Set([
  'webhook.invalid_url',
  'webhook.https_required',
  'webhook.credentials_in_url',
  'webhook.private_address',
  'webhook.no_event_types',
  'webhook.invalid_event_types',
  'webhook.unknown_event_type',
  'webhook.invalid_position',
]);

const asInput = (error: unknown): unknown =>
  error instanceof DomainError && !(error instanceof NotFoundError) && INPUT_CODES.has(error.code)
    ? new InvalidInputError({ code: error.code, message: error.message, details: error.details, cause: error })
    : error;

export interface WebhookEndpointRow {
  id: string;
  url: string;
  event_types: string[];
  personal_data: boolean;
  secret_encrypted: string;
  created_at: Date;
  created_by: string;
  removed_at: Date | null;
  removed_by: string | null;
  cursor_checkpoint: string | null;
  cursor_position: string | number;
  cursor_generation: number;
  replay_id: string | null;
  replay_from_position: string | number | null;
  replay_until_position: string | number | null;
}

export interface WebhookActor {
  adminId: string;
  correlationId?: string;
}

export const WEBHOOK_ENDPOINT_SORT_FIELDS = ['createdAt', 'url'] as const;
export const WEBHOOK_DELIVERY_SORT_FIELDS = ['eventPosition', 'createdAt', 'status'] as const;

/**
 * The endpoints the owner registers and what was sent to them. Each registration, removal and
 * replay is an event on the endpoint's stream, committed with the endpoint's row (its secret
 * encrypted with a key of its own, its cursor over the log); deliveries are the worker's
 * (`webhook-delivery.ts`).
 */
export class WebhookEndpoints {
  constructor(
    private readonly deps: {
      knex: Knex;
      store: EventStore;
      commands: { webhookEndpoints: WebhookEndpointCommands };
      key: Buffer;
      clock: () => Date;
      /** In production: https only, public addresses only. */
      production: boolean;
    },
  ) {}

  private metadata(actor: WebhookActor) {
    return { actor: { type: 'admin' as const, id: actor.adminId }, correlationId: actor.correlationId };
  }

  async register(
    input: { url: string; eventTypes: readonly string[]; personalData: boolean },
    actor: WebhookActor,
  ): Promise<WebhookEndpointCreated> {
    const { store, commands, key, clock, production } = this.deps;
    try {
      const url = checkWebhookUrl(input.url.trim(), production);
      if (production) await publicAddressesOf(url.hostname).catch(refuseUnreachable(url.hostname));
      const endpointId = randomUUID();
      const secret = newWebhookSecret();
      // The endpoint receives what is recorded from now on; a replay reaches further back.
      const head = await store.head();
      await commands.webhookEndpoints.execute(
        {
          type: 'RegisterWebhookEndpoint',
          data: {
            endpointId,
            url: input.url,
            eventTypes: input.eventTypes,
            personalData: input.personalData,
            knownEventTypes: SHOP_EVENT_TYPES,
            production,
            registeredBy: actor.adminId,
            now: clock(),
          },
        },
        this.metadata(actor),
        {
          rowsFor: (event) =>
            event.type === 'WebhookEndpointRegistered'
              ? [
                  {
                    sql: `INSERT INTO webhook_endpoints (id, url, event_types, personal_data, secret_encrypted, created_at,
                            created_by, cursor_checkpoint, cursor_position)
                          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
                    params: [
                      endpointId,
                      event.data.url,
                      event.data.eventTypes,
                      event.data.personalData,
                      encrypt(key, Buffer.from(secret, 'utf8')),
                      event.data.registeredAt,
                      event.data.registeredBy,
                      head.checkpoint,
                      head.globalPosition,
                    ],
                    undo: { sql: 'DELETE FROM webhook_endpoints WHERE id = $1', params: [endpointId] },
                  },
                ]
              : [],
        },
      );
      return { id: endpointId, secret };
    } catch (error) {
      throw asInput(error);
    }
  }

  /** Stops its deliveries (those waiting are cancelled); the endpoint and what was sent stay on record. */
  async remove(endpointId: string, actor: WebhookActor): Promise<void> {
    await this.row(endpointId);
    await this.deps.commands.webhookEndpoints.execute(
      { type: 'RemoveWebhookEndpoint', data: { endpointId, removedBy: actor.adminId, now: this.deps.clock() } },
      this.metadata(actor),
      {
        rowsFor: (event) =>
          event.type === 'WebhookEndpointRemoved'
            ? [
                {
                  sql: 'UPDATE webhook_endpoints SET removed_at = $2, removed_by = $3 WHERE id = $1',
                  params: [endpointId, event.data.removedAt, event.data.removedBy],
                  undo: {
                    sql: 'UPDATE webhook_endpoints SET removed_at = NULL, removed_by = NULL WHERE id = $1',
                    params: [endpointId],
                  },
                },
                {
                  sql: `UPDATE webhook_deliveries SET status = 'cancelled' WHERE endpoint_id = $1 AND status = 'pending'`,
                  params: [endpointId],
                },
              ]
            : [],
      },
    );
  }

  /**
   * Records the replay, and sets the endpoint's cursor back to the start of the log in the same
   * commit: the dispatcher reads forward again, and each matching event from `fromPosition` up to
   * where the cursor had read is queued once more under the replay's id.
   */
  async replay(endpointId: string, fromPosition: number, actor: WebhookActor): Promise<WebhookReplayAccepted> {
    await this.row(endpointId);
    const replayId = randomUUID();
    try {
      await this.deps.commands.webhookEndpoints.execute(
        {
          type: 'RequestWebhookReplay',
          data: { endpointId, replayId, fromPosition, requestedBy: actor.adminId, now: this.deps.clock() },
        },
        this.metadata(actor),
        {
          rowsFor: (event) =>
            event.type === 'WebhookReplayRequested'
              ? [
                  {
                    sql: `UPDATE webhook_endpoints
                             SET replay_id = $2, replay_from_position = $3,
                                 replay_until_position = GREATEST(cursor_position, COALESCE(replay_until_position, 0)),
                                 cursor_checkpoint = NULL, cursor_position = 0, cursor_generation = cursor_generation + 1
                           WHERE id = $1 AND removed_at IS NULL`,
                    params: [endpointId, replayId, fromPosition],
                  },
                ]
              : [],
        },
      );
    } catch (error) {
      throw asInput(error);
    }
    return { id: endpointId, replayId, fromPosition };
  }

  /** The endpoint's signing secret, for the sender only. */
  secretOf(row: Pick<WebhookEndpointRow, 'secret_encrypted'>): string {
    return decrypt(this.deps.key, row.secret_encrypted).toString('utf8');
  }

  async row(endpointId: string): Promise<WebhookEndpointRow> {
    const row = isUuid(endpointId)
      ? await this.deps.knex<WebhookEndpointRow>('webhook_endpoints').where({ id: endpointId }).first()
      : undefined;
    if (!row) {
      throw new NotFoundError({
        code: 'webhook.not_found',
        message: 'No such webhook endpoint',
        details: { endpointId },
      });
    }
    return row;
  }

  async get(endpointId: string): Promise<WebhookEndpoint> {
    const [endpoint] = await this.describe([await this.row(endpointId)]);
    return endpoint!;
  }

  async list(page: {
    sort: { field: (typeof WEBHOOK_ENDPOINT_SORT_FIELDS)[number]; order: 'asc' | 'desc' };
    range: { from: number; to: number };
    filter: { ids?: string[]; status?: 'active' | 'removed' };
  }): Promise<{ data: WebhookEndpoint[]; total: number }> {
    const query = this.deps.knex<WebhookEndpointRow>('webhook_endpoints');
    if (page.filter.ids) query.whereIn('id', page.filter.ids.filter(isUuid));
    if (page.filter.status === 'active') query.whereNull('removed_at');
    if (page.filter.status === 'removed') query.whereNotNull('removed_at');
    const [{ n } = { n: 0 }] = (await query.clone().count({ n: '*' })) as Array<{ n: string | number }>;
    const column = page.sort.field === 'url' ? 'url' : 'created_at';
    const rows = await query
      .orderBy([
        { column, order: page.sort.order },
        { column: 'id', order: 'asc' },
      ])
      .offset(page.range.from)
      .limit(page.range.to - page.range.from + 1)
      .select('*');
    return { data: await this.describe(rows), total: Number(n) };
  }

  private async describe(rows: WebhookEndpointRow[]): Promise<WebhookEndpoint[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const { knex } = this.deps;
    const counts = (await knex('webhook_deliveries')
      .whereIn('endpoint_id', ids)
      .whereIn('status', ['pending', 'failed'])
      .groupBy('endpoint_id', 'status')
      .select('endpoint_id', 'status')
      .count({ n: '*' })) as Array<{ endpoint_id: string; status: string; n: string | number }>;
    const last = (await knex('webhook_deliveries')
      .distinctOn('endpoint_id')
      .whereIn('endpoint_id', ids)
      .whereNotNull('last_attempt_at')
      .orderBy([{ column: 'endpoint_id' }, { column: 'last_attempt_at', order: 'desc' }])
      .select('endpoint_id', 'status', 'event_type', 'last_attempt_at', 'last_status_code')) as Array<{
      endpoint_id: string;
      status: WebhookDelivery['status'];
      event_type: string;
      last_attempt_at: Date;
      last_status_code: number | null;
    }>;
    const count = (id: string, status: string) =>
      Number(counts.find((c) => c.endpoint_id === id && c.status === status)?.n ?? 0);
    return rows.map((row) => {
      const latest = last.find((delivery) => delivery.endpoint_id === row.id);
      return {
        id: row.id,
        url: row.url,
        eventTypes: row.event_types,
        personalData: row.personal_data,
        status: row.removed_at ? 'removed' : 'active',
        createdAt: row.created_at.toISOString(),
        createdBy: row.created_by,
        removedAt: row.removed_at?.toISOString() ?? null,
        removedBy: row.removed_by,
        cursorPosition: Number(row.cursor_position),
        replay:
          row.replay_id === null
            ? null
            : { fromPosition: Number(row.replay_from_position), untilPosition: Number(row.replay_until_position) },
        pendingDeliveries: count(row.id, 'pending'),
        failedDeliveries: count(row.id, 'failed'),
        lastDelivery: latest
          ? {
              status: latest.status,
              eventType: latest.event_type,
              at: latest.last_attempt_at.toISOString(),
              statusCode: latest.last_status_code,
            }
          : null,
      };
    });
  }

  /** The delivery log: each event queued for an endpoint, newest first by default, with every attempt. */
  async deliveries(page: {
    sort: { field: (typeof WEBHOOK_DELIVERY_SORT_FIELDS)[number]; order: 'asc' | 'desc' };
    range: { from: number; to: number };
    filter: { endpointId?: string; status?: WebhookDelivery['status']; eventId?: string };
  }): Promise<{ data: WebhookDelivery[]; total: number }> {
    const { knex } = this.deps;
    const query = knex('webhook_deliveries');
    if (page.filter.endpointId !== undefined) {
      if (!isUuid(page.filter.endpointId)) return { data: [], total: 0 };
      query.where({ endpoint_id: page.filter.endpointId });
    }
    if (page.filter.status) query.where({ status: page.filter.status });
    if (page.filter.eventId) query.where({ event_id: page.filter.eventId });
    const [{ n } = { n: 0 }] = (await query.clone().count({ n: '*' })) as Array<{ n: string | number }>;
    const column = { eventPosition: 'event_position', createdAt: 'created_at', status: 'status' }[page.sort.field];
    const rows = (await query
      .orderBy([
        { column, order: page.sort.order },
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .offset(page.range.from)
      .limit(page.range.to - page.range.from + 1)
      .select('*')) as DeliveryRow[];
    const attempts = (await knex('webhook_delivery_attempts')
      .whereIn(
        'delivery_id',
        rows.map((row) => row.id),
      )
      .orderBy(['delivery_id', 'attempt'])
      .select('*')) as AttemptRow[];
    return {
      total: Number(n),
      data: rows.map((row) => ({
        id: row.id,
        endpointId: row.endpoint_id,
        eventId: row.event_id,
        eventType: row.event_type,
        eventPosition: Number(row.event_position),
        replayId: row.replay_key === '' ? null : row.replay_key,
        status: row.status,
        attempts: row.attempts,
        createdAt: row.created_at.toISOString(),
        nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
        lastStatusCode: row.last_status_code,
        lastError: row.last_error,
        deliveredAt: row.delivered_at?.toISOString() ?? null,
        attemptLog: attempts
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({
            attempt: attempt.attempt,
            at: attempt.at.toISOString(),
            durationMs: attempt.duration_ms,
            statusCode: attempt.status_code,
            error: attempt.error,
            delivered: attempt.delivered,
          })),
      })),
    };
  }
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  event_position: string | number;
  replay_key: string;
  status: WebhookDelivery['status'];
  attempts: number;
  created_at: Date;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  delivered: boolean;
}

/** A production endpoint's name must lead to the public internet, and lead somewhere. */
const refuseUnreachable = (hostname: string) => (error: unknown) => {
  if (error instanceof PrivateAddressError) {
    throw new DomainError({ code: 'webhook.private_address', message: error.message, details: { hostname } });
  }
  throw new DomainError({
    code: 'webhook.invalid_url',
    message: `${hostname} does not resolve to an address`,
    details: { hostname },
  });
};
