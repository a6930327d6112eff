import { webhookReceives } from '@shop/domain';
import { sleep, type EventStore, type RecordedEvent } from '@shop/event-store';
import type { PersonalDataVault } from '@shop/projections';
import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Knex } from 'knex';
import type { Logger } from '../../infrastructure/logger.js';
import { personalDataOpener, toOutwardEvent } from '../outward-event.js';
import { isPrivateAddress, PrivateAddressError } from './webhook-addresses.js';
import type { WebhookEndpoints, WebhookEndpointRow } from './webhook-endpoints.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.js';

/** A delivery is tried for a day after its first attempt, then given up (`failed`). */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** The longest pause between two attempts. */
export const MAX_RETRY_DELAY_MS = 3600_000;
/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery whose sender died is tried again after this. */
const CLAIM_LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;
/** Deliveries sent at once by one worker. */
const SEND_CONCURRENCY = 8;
const DISPATCH_BATCH = 500;

/** A delivery made is kept in the endpoint's log a month, one given up three: for the owner to look at. */
const KEEP_DELIVERED_MS = 30 * 24 * 3600_000;
const KEEP_FAILED_MS = 90 * 24 * 3600_000;

/**
 * Forgets the deliveries made or given up long ago (`KEEP_DELIVERED_MS`, `KEEP_FAILED_MS`) with
 * their attempts; one still to send stays whatever its age. Answers how many went. The events
 * themselves stay in the log: a replay sends them again.
 */
export async function purgeWebhookDeliveries(knex: Knex, now: Date): Promise<number> {
  return knex.transaction(async (trx) => {
    const old = trx('webhook_deliveries')
      .where((q) =>
        q.where({ status: 'delivered' }).andWhere('delivered_at', '<', new Date(now.getTime() - KEEP_DELIVERED_MS)),
      )
      .orWhere((q) =>
        q.where({ status: 'failed' }).andWhere('last_attempt_at', '<', new Date(now.getTime() - KEEP_FAILED_MS)),
      )
      .select('id');
    await trx('webhook_delivery_attempts').whereIn('delivery_id', old.clone()).delete();
    const purged: number = await trx('webhook_deliveries').whereIn('id', old).delete();
    return purged;
  });
}

/**
 * The pause before attempt `attempt + 1`: `baseMs` doubled at each attempt, at most an hour,
 * jittered by ±20 % so endpoints that failed together are not all tried again together.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** One wake-up shared by the dispatcher (which queues) and the sender (which sleeps between polls). */
class Wakeup {
  private waiting = new Set<() => void>();
  kick(): void {
    for (const wake of this.waiting) wake();
  }
  async wait(ms: number, signal: AbortSignal): Promise<void> {
    const woken = new AbortController();
    const wake = () => woken.abort();
    this.waiting.add(wake);
    try {
      await sleep(ms, AbortSignal.any([signal, woken.signal]));
    } finally {
      this.waiting.delete(wake);
    }
  }
}

export interface WebhookDeliveryDependencies {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  endpoints: WebhookEndpoints;
  clock: () => Date;
  logger: Logger;
  retryBaseMs: number;
  /** In production nothing is sent to a private address, whatever the name resolves to at the time. */
  production: boolean;
}

interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  stream_version: number;
  attempts: number;
  first_attempt_at: Date;
  url: string;
  personal_data: boolean;
  secret_encrypted: string;
}

class CursorMoved extends Error {}

/**
 * The worker's half of outbound webhooks (docs/adr/0035-outbound-webhooks.md), all of it in
 * PostgreSQL. The dispatcher moves each endpoint's cursor over the log and, in the same
 * transaction, queues a delivery row per matching event (the outbox); the sender posts the due
 * ones, records each attempt and schedules the next. A process killed anywhere loses nothing: a
 * cursor not moved is read again (the rows are unique per endpoint, event and replay), a claimed
 * delivery not finished is due again when its lease ends.
 */
export class WebhookDelivery {
  private readonly wakeup = new Wakeup();

  constructor(private readonly deps: WebhookDeliveryDependencies) {}

  /** Follows the log for every endpoint until `signal`; sleeps until an append when all have read it all. */
  async dispatch(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const wake = new AbortController();
      const woken = this.deps.store.waitForAppends({ timeoutMs: 1000, signal: AbortSignal.any([signal, wake.signal]) });
      try {
        const read = await this.dispatchOnce();
        if (read > 0) continue;
        await woken;
      } finally {
        wake.abort();
        await woken;
      }
    }
  }

  /** One batch of the log per active endpoint; answers how many events were read in all. */
  async dispatchOnce(): Promise<number> {
    const endpoints = await this.deps.knex<WebhookEndpointRow>('webhook_endpoints').whereNull('removed_at');
    let read = 0;
    for (const endpoint of endpoints) read += await this.dispatchEndpoint(endpoint);
    return read;
  }

  private async dispatchEndpoint(endpoint: WebhookEndpointRow): Promise<number> {
    const { knex, store, clock } = this.deps;
    const batch = await store.readAll({ after: endpoint.cursor_checkpoint, maxCount: DISPATCH_BATCH });
    const last = batch.events.at(-1);
    if (!last) return 0;
    const replay =
      endpoint.replay_id === null
        ? null
        : {
            id: endpoint.replay_id,
            from: Number(endpoint.replay_from_position),
            until: Number(endpoint.replay_until_position),
          };
    const now = clock();
    const rows = batch.events.flatMap((event) => {
      const replayed = replay !== null && event.globalPosition <= replay.until;
      // Before the replay's start, what the cursor reads again was sent already.
      if (replayed && event.globalPosition < replay.from) return [];
      if (!webhookReceives(endpoint.event_types, event.type)) return [];
      return [deliveryRow(endpoint.id, event, replayed ? replay.id : '', now)];
    });
    const replayDone = replay !== null && last.globalPosition >= replay.until;
    try {
      await knex.transaction(async (trx) => {
        if (rows.length > 0) await trx('webhook_deliveries').insert(rows).onConflict().ignore();
        const moved = await trx('webhook_endpoints')
          .where({ id: endpoint.id, cursor_generation: endpoint.cursor_generation })
          .whereNull('removed_at')
          .andWhereRaw('cursor_checkpoint IS NOT DISTINCT FROM ?', [endpoint.cursor_checkpoint])
          .update({
            cursor_checkpoint: batch.checkpoint,
            cursor_position: last.globalPosition,
            ...(replayDone ? { replay_id: null, replay_from_position: null, replay_until_position: null } : {}),
          });
        // A replay set the cursor back, or the endpoint was removed, since it was read: nothing of this batch stands.
        if (moved !== 1) throw new CursorMoved();
      });
    } catch (error) {
      if (error instanceof CursorMoved) return 0;
      throw error;
    }
    if (rows.length > 0) this.wakeup.kick();
    return batch.events.length;
  }

  /**
   * Sends what is due until `signal`, up to `SEND_CONCURRENCY` at once: a slot freed by an answer
   * (or a timeout) is filled at once, so a slow receiver holds one slot, not the others' turn.
   * Between claims it waits for the dispatcher, a freed slot, or the next poll.
   */
  async send(signal: AbortSignal): Promise<void> {
    const pollMs = Math.min(1000, this.deps.retryBaseMs);
    const inFlight = new Set<Promise<void>>();
    try {
      while (!signal.aborted) {
        const claimed = inFlight.size < SEND_CONCURRENCY ? await this.claimDue(SEND_CONCURRENCY - inFlight.size) : [];
        for (const delivery of claimed) {
          const sending: Promise<void> = this.attempt(delivery, signal)
            .catch((error: unknown) =>
              // Not recorded: the claim's lease ends and the delivery is due again.
              this.deps.logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt not recorded'),
            )
            .finally(() => {
              inFlight.delete(sending);
              this.wakeup.kick();
            });
          inFlight.add(sending);
        }
        if (claimed.length === 0 || inFlight.size >= SEND_CONCURRENCY) await this.wakeup.wait(pollMs, signal);
      }
    } finally {
      await Promise.allSettled(inFlight);
    }
  }

  /** Claims up to `limit` due deliveries for this sender (another skips them) for the lease's length. */
  private async claimDue(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.deps.clock();
    const { rows } = (await this.deps.knex.raw(
      `UPDATE webhook_deliveries d
          SET next_attempt_at = ?, attempts = d.attempts + 1, first_attempt_at = COALESCE(d.first_attempt_at, ?)
         FROM webhook_endpoints e
        WHERE e.id = d.endpoint_id
          AND d.id IN (SELECT due.id FROM webhook_deliveries due
                         JOIN webhook_endpoints live ON live.id = due.endpoint_id AND live.removed_at IS NULL
                        WHERE due.status = 'pending' AND due.next_attempt_at <= ?
                        ORDER BY due.next_attempt_at, due.event_position
                        LIMIT ? FOR UPDATE OF due SKIP LOCKED)
      RETURNING d.id, d.endpoint_id, d.event_id, d.event_type, d.stream_id, d.stream_version, d.attempts,
                d.first_attempt_at, e.url, e.personal_data, e.secret_encrypted`,
      [new Date(now.getTime() + CLAIM_LEASE_MS), now, now, limit],
    )) as { rows: ClaimedDelivery[] };
    return rows;
  }

  private async attempt(delivery: ClaimedDelivery, signal?: AbortSignal): Promise<void> {
    const { knex, clock, retryBaseMs } = this.deps;
    const at = clock();
    const started = performance.now();
    let outcome: { statusCode: number | null; error: string | null };
    try {
      const body = await this.body(delivery);
      const timestamp = Math.floor(clock().getTime() / 1000);
      outcome = await post(
        new URL(delivery.url),
        body,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'PremiumShare-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(this.deps.endpoints.secretOf(delivery), body, timestamp),
          'Shop-Event-Id': delivery.event_id,
          'Shop-Event-Type': delivery.event_type,
          'Shop-Delivery-Id': delivery.id,
          'Shop-Delivery-Attempt': String(delivery.attempts),
        },
        { production: this.deps.production, signal },
      );
    } catch (error) {
      outcome = { statusCode: null, error: error instanceof Error ? error.message : String(error) };
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const error = delivered ? null : (outcome.error ?? `answered ${outcome.statusCode}`);
    const done = clock();
    const next = new Date(done.getTime() + retryDelayMs(delivery.attempts, retryBaseMs));
    const givenUp = !delivered && next.getTime() - delivery.first_attempt_at.getTime() > RETRY_WINDOW_MS;
    await knex.transaction(async (trx) => {
      await trx('webhook_delivery_attempts').insert({
        delivery_id: delivery.id,
        endpoint_id: delivery.endpoint_id,
        attempt: delivery.attempts,
        at,
        duration_ms: durationMs,
        status_code: outcome.statusCode,
        error,
        delivered,
      });
      await trx('webhook_deliveries')
        .where({ id: delivery.id, status: 'pending' })
        .update({
          status: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
          next_attempt_at: delivered || givenUp ? done : next,
          last_attempt_at: at,
          last_status_code: outcome.statusCode,
          last_error: error,
          ...(delivered ? { delivered_at: done } : {}),
        });
    });
    if (givenUp) {
      this.deps.logger.warn(
        { endpointId: delivery.endpoint_id, eventId: delivery.event_id, attempts: delivery.attempts },
        'webhook delivery given up after a day of failures',
      );
    }
  }

  /** The event as it leaves the shop, read from the log at each attempt (an erasure since is honoured). */
  private async body(delivery: ClaimedDelivery): Promise<string> {
    const [event] = await this.deps.store.readStream(delivery.stream_id, {
      fromVersion: delivery.stream_version,
      maxCount: 1,
    });
    if (!event || event.id !== delivery.event_id) throw new Error('the event is no longer readable in the log');
    const outward = await toOutwardEvent(
      event,
      delivery.personal_data
        ? { personalData: true, open: personalDataOpener(this.deps.vault, this.deps.knex) }
        : { personalData: false },
    );
    return JSON.stringify(outward);
  }
}

function deliveryRow(endpointId: string, event: RecordedEvent, replayKey: string, now: Date) {
  return {
    id: randomUUID(),
    endpoint_id: endpointId,
    event_id: event.id,
    event_type: event.type,
    event_position: event.globalPosition,
    stream_id: event.streamId,
    stream_version: event.streamVersion,
    replay_key: replayKey,
    created_at: now,
    next_attempt_at: now,
  };
}

/** In production, a name is looked up here and refused when any address it gives is private. */
const publicLookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address))) {
      return callback(new PrivateAddressError(hostname), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** POSTs `body`; answers the status code, or the error. Redirects are not followed. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { production: boolean; signal?: AbortSignal },
): Promise<{ statusCode: number | null; error: string | null }> {
  if (options.production && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname)) {
    return Promise.resolve({ statusCode: null, error: new PrivateAddressError(url.hostname).message });
  }
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      signal: options.signal,
      ...(options.production ? { lookup: publicLookup } : {}),
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      DELIVERY_TIMEOUT_MS,
    );
    request.on('response', (response) => {
      // The answer's body is not kept: only whether the receiver took the event.
      response.resume();
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? null, error: null });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? null, error: error.message });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ statusCode: null, error: error.code ? `${error.code}: ${error.message}` : error.message });
    });
    request.end(body);
  });
}
