import { randomUUID } from 'node:crypto';
import { ANY, NO_STREAM, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { EventStoreError } from '../errors.js';
import {
  APPEND_ID_KEY,
  comparePositions,
  decodeCheckpoint,
  encodeCheckpoint,
  EVENT_ID_KEY,
  fromStoredMetadata,
  isCanonicalUuid,
  isSystemEvent,
  revisionToVersion,
  SCHEMA_VERSION_KEY,
  toKurrentEventId,
  toKurrentStreamState,
  toStoredMetadata,
  uuidV5,
  versionToRevision,
} from './kurrentdb-mapping.js';

describe('KurrentDB mapping', () => {
  describe('expected version', () => {
    it('maps the named expectations to the client constants', () => {
      expect(toKurrentStreamState('any')).toBe(ANY);
      expect(toKurrentStreamState('no_stream')).toBe(NO_STREAM);
      expect(toKurrentStreamState('stream_exists')).toBe(STREAM_EXISTS);
    });

    it('maps a 1-based event count to the 0-based revision of the last event, 0 to no stream', () => {
      expect(toKurrentStreamState(0)).toBe(NO_STREAM);
      expect(toKurrentStreamState(1)).toBe(0n);
      expect(toKurrentStreamState(5)).toBe(4n);
    });

    it('rejects counts that no stream can have', () => {
      expect(() => toKurrentStreamState(-1)).toThrow(EventStoreError);
      expect(() => toKurrentStreamState(1.5)).toThrow(EventStoreError);
    });

    it('converts between versions and revisions both ways', () => {
      expect(versionToRevision(1)).toBe(0n);
      expect(revisionToVersion(0n)).toBe(1);
      expect(revisionToVersion(versionToRevision(42))).toBe(42);
      expect(() => versionToRevision(0)).toThrow(EventStoreError);
    });
  });

  describe('event ids', () => {
    it('keeps lowercase UUIDs unchanged', () => {
      const id = randomUUID();
      expect(toKurrentEventId(id)).toBe(id);
    });

    it('maps any other id to the same version 5 UUID every time', () => {
      const mapped = toKurrentEventId('evt_123');
      expect(toKurrentEventId('evt_123')).toBe(mapped);
      expect(isCanonicalUuid(mapped)).toBe(true);
      expect(mapped[14]).toBe('5');
      expect(['8', '9', 'a', 'b']).toContain(mapped[19]);
      expect(toKurrentEventId('evt_124')).not.toBe(mapped);
    });

    it('maps an uppercase UUID, which KurrentDB would hand back lowercased', () => {
      const id = randomUUID();
      expect(toKurrentEventId(id.toUpperCase())).not.toBe(id);
      expect(toKurrentEventId(id.toUpperCase())).not.toBe(id.toUpperCase());
    });

    it('computes RFC 4122 version 5 UUIDs', () => {
      // The DNS namespace example, as computed by Python's uuid.uuid5.
      expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
        '2ed6657d-e927-568b-95e1-2665a8aea6a2',
      );
    });
  });

  describe('checkpoints', () => {
    it('encodes commit and prepare positions and decodes them back', () => {
      const position = { commit: 9_007_199_254_740_993n, prepare: 9_007_199_254_740_990n };
      const checkpoint = encodeCheckpoint(position);
      expect(checkpoint).toBe('9007199254740993/9007199254740990');
      expect(decodeCheckpoint(checkpoint)).toEqual(position);
    });

    it('reads no checkpoint as the start of the log', () => {
      expect(decodeCheckpoint(null)).toBeNull();
      expect(decodeCheckpoint(undefined)).toBeNull();
      expect(decodeCheckpoint('')).toBeNull();
    });

    it('rejects checkpoints of another adapter', () => {
      expect(() => decodeCheckpoint('123:456')).toThrow(EventStoreError);
      expect(() => decodeCheckpoint('12/abc')).toThrow(EventStoreError);
    });

    it('orders positions by commit, then prepare', () => {
      expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 0n })).toBeLessThan(0);
      expect(comparePositions({ commit: 2n, prepare: 1n }, { commit: 2n, prepare: 0n })).toBeGreaterThan(0);
      expect(comparePositions({ commit: 2n, prepare: 2n }, { commit: 2n, prepare: 2n })).toBe(0);
    });
  });

  describe('metadata', () => {
    it('keeps a non-UUID id and the schema version in metadata and restores them without the reserved keys', () => {
      const metadata = { correlationId: 'c1', actor: { type: 'provider' as const, id: 'stripe' } };
      const stored = toStoredMetadata({ id: 'evt_123', schemaVersion: 3, appendId: 'a1', metadata });
      expect(stored).toEqual({
        ...metadata,
        [EVENT_ID_KEY]: 'evt_123',
        [SCHEMA_VERSION_KEY]: 3,
        [APPEND_ID_KEY]: 'a1',
      });
      expect(fromStoredMetadata(toKurrentEventId('evt_123'), JSON.parse(JSON.stringify(stored)))).toEqual({
        id: 'evt_123',
        schemaVersion: 3,
        appendId: 'a1',
        metadata,
      });
    });

    it('stores no id for a UUID: the KurrentDB id is ours', () => {
      const id = randomUUID();
      const stored = toStoredMetadata({ id, schemaVersion: 1, appendId: 'a1', metadata: {} });
      expect(stored).not.toHaveProperty(EVENT_ID_KEY);
      expect(fromStoredMetadata(id, stored).id).toBe(id);
    });

    it('overwrites reserved keys a caller put in metadata', () => {
      const stored = toStoredMetadata({
        id: randomUUID(),
        schemaVersion: 2,
        appendId: 'a1',
        metadata: { [EVENT_ID_KEY]: 'forged', [SCHEMA_VERSION_KEY]: 7 },
      });
      expect(stored).not.toHaveProperty(EVENT_ID_KEY);
      expect(stored[SCHEMA_VERSION_KEY]).toBe(2);
    });

    it('reads events written by other tools: no metadata means schema version 1 and the KurrentDB id', () => {
      const id = randomUUID();
      for (const raw of [undefined, 'text', [1, 2], new Uint8Array([1])]) {
        expect(fromStoredMetadata(id, raw)).toEqual({ id, schemaVersion: 1, appendId: null, metadata: {} });
      }
    });
  });

  it('tells system events apart by stream or type', () => {
    expect(isSystemEvent('$settings', 'Settings')).toBe(true);
    expect(isSystemEvent('order-1', '$metadata')).toBe(true);
    expect(isSystemEvent('order-1', 'OrderPlaced')).toBe(false);
  });
});
