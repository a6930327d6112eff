import { createHash } from 'node:crypto';
import { ANY, NO_STREAM, STREAM_EXISTS, type AppendStreamState, type Position } from '@kurrent/kurrentdb-client';
import { EventStoreError } from '../errors.js';
import type { EventMetadata, ExpectedVersion, LogCheckpoint } from '../types.js';

/** Our event id, when KurrentDB could not take it as is (it only accepts UUIDs). */
export const EVENT_ID_KEY = '$eventId';
export const SCHEMA_VERSION_KEY = '$schemaVersion';
/** Marks which append call wrote an event, to tell a real write from a server-side deduplication. */
export const APPEND_ID_KEY = '$appendId';
const RESERVED_METADATA_KEYS: readonly string[] = [EVENT_ID_KEY, SCHEMA_VERSION_KEY, APPEND_ID_KEY];

/**
 * Namespace of the name-based UUIDs made from non-UUID event ids. Never change it: the
 * same id must map to the same UUID forever, or KurrentDB's deduplication stops seeing retries.
 */
export const EVENT_ID_NAMESPACE = 'd480afdc-3a17-41a8-9098-71c687529cea';

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Only lowercase hyphenated UUIDs pass through: KurrentDB hands ids back in that form, so
 * an uppercase UUID would come back as a different string than the one appended.
 */
export function isCanonicalUuid(id: string): boolean {
  return CANONICAL_UUID.test(id);
}

/** RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(namespace: string, name: string): string {
  if (!isCanonicalUuid(namespace)) throw new TypeError(`Not a UUID namespace: ${namespace}`);
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The UUID KurrentDB stores for one of our event ids; the same id always gives the same UUID. */
export function toKurrentEventId(id: string): string {
  return isCanonicalUuid(id) ? id : uuidV5(EVENT_ID_NAMESPACE, id);
}

/** Our stream version is a 1-based count; a KurrentDB revision is the 0-based number of the last event. */
export function versionToRevision(version: number): bigint {
  if (!Number.isSafeInteger(version) || version < 1) {
    throw new EventStoreError({ code: 'event_store.bad_version', message: `Not a stream version: ${version}` });
  }
  return BigInt(version - 1);
}

export function revisionToVersion(revision: bigint): number {
  return Number(revision) + 1;
}

export function toKurrentStreamState(expected: ExpectedVersion): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new EventStoreError({
          code: 'event_store.bad_expected_version',
          message: `Not an expected version: ${String(expected)}`,
        });
      }
      return expected === 0 ? NO_STREAM : versionToRevision(expected);
  }
}

export function encodeCheckpoint(position: Position): LogCheckpoint {
  return `${position.commit}/${position.prepare}`;
}

/** Null for "from the start". */
export function decodeCheckpoint(checkpoint: LogCheckpoint | null | undefined): Position | null {
  if (!checkpoint) return null;
  const match = /^(\d+)\/(\d+)$/.exec(checkpoint);
  if (!match) {
    throw new EventStoreError({
      code: 'event_store.bad_checkpoint',
      message: `Not a KurrentDB log checkpoint: ${checkpoint}`,
    });
  }
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** KurrentDB's own streams ($settings, $stats-…, $$metadata) and events ($metadata, links `$>`). */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

export function toStoredMetadata(options: {
  id: string;
  schemaVersion: number;
  appendId: string;
  metadata: EventMetadata;
}): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...options.metadata };
  // A caller's value under a reserved key would be lost on read anyway; ours must win on write.
  for (const key of RESERVED_METADATA_KEYS) delete stored[key];
  if (!isCanonicalUuid(options.id)) stored[EVENT_ID_KEY] = options.id;
  stored[SCHEMA_VERSION_KEY] = options.schemaVersion;
  stored[APPEND_ID_KEY] = options.appendId;
  return stored;
}

export function fromStoredMetadata(
  kurrentId: string,
  raw: unknown,
): { id: string; schemaVersion: number; appendId: string | null; metadata: EventMetadata } {
  // Events written by other tools may carry no metadata or non-object metadata.
  const stored = raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !(raw instanceof Uint8Array);
  const record = stored ? (raw as Record<string, unknown>) : {};
  const metadata: EventMetadata = {};
  for (const [key, value] of Object.entries(record)) {
    if (!RESERVED_METADATA_KEYS.includes(key)) metadata[key] = value;
  }
  const id = record[EVENT_ID_KEY];
  const schemaVersion = record[SCHEMA_VERSION_KEY];
  const appendId = record[APPEND_ID_KEY];
  return {
    id: typeof id === 'string' ? id : kurrentId,
    schemaVersion: typeof schemaVersion === 'number' && Number.isSafeInteger(schemaVersion) ? schemaVersion : 1,
    appendId: typeof appendId === 'string' ? appendId : null,
    metadata,
  };
}
