import { createHash } from 'node:crypto';
import type { RecordedEvent } from '@shop/event-store';

/**
 * The hash chain over the event log (docs/adr/0015-tamper-evident-log.md). Pure: the sealer,
 * the database check and the offline check of an export all compute links here.
 */

/** The link before the first event: SHA-256 of a fixed label, so every chain starts the same. */
export const GENESIS_LINK = createHash('sha256').update('shop event log chain v1').digest('hex');

/** What a link covers: every stored field of the event, as the log holds it (no upcasting). */
export interface SealedFields {
  position: number;
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
  /** ISO-8601 UTC, millisecond precision. */
  recordedAt: string;
}

export function sealedFields(event: RecordedEvent): SealedFields {
  return {
    position: event.globalPosition,
    eventId: event.id,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
  };
}

/**
 * JSON with the keys of every object sorted, no spaces: the same event always gives the same
 * bytes, whatever order the database (jsonb) or a JSON parser gives its keys.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    // undefined and functions have no JSON form; inside objects they are left out, as JSON.stringify does.
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined && typeof item !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** The event's canonical form: the bytes its link covers. */
export function canonicalForm(fields: SealedFields): string {
  const { position, eventId, streamId, streamVersion, type, schemaVersion, data, metadata, recordedAt } = fields;
  return canonicalJson({ position, eventId, streamId, streamVersion, type, schemaVersion, data, metadata, recordedAt });
}

/** link_n = SHA-256(link_{n-1} || canonical form of event n), both links as 32 bytes, shown in hex. */
export function nextLink(previousLink: string, fields: SealedFields): string {
  return createHash('sha256')
    .update(Buffer.from(previousLink, 'hex'))
    .update(canonicalForm(fields), 'utf8')
    .digest('hex');
}
