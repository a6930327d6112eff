import { EventStoreError } from './errors.js';
import type { Upcaster } from './types.js';

export type UpcasterRegistry = (
  type: string,
  schemaVersion: number,
  data: unknown,
) => { schemaVersion: number; data: unknown };

/**
 * Builds the read-side upcasting chain: stored data of an old schema version is lifted,
 * one version at a time, to the newest shape the code knows. Stored events never change.
 */
export function createUpcasterRegistry(upcasters: readonly Upcaster[]): UpcasterRegistry {
  const byKey = new Map<string, Upcaster>();
  for (const upcaster of upcasters) {
    const key = `${upcaster.type}@${upcaster.fromVersion}`;
    if (byKey.has(key)) {
      throw new EventStoreError({ code: 'event_store.duplicate_upcaster', message: `Two upcasters for ${key}` });
    }
    byKey.set(key, upcaster);
  }
  return (type, schemaVersion, data) => {
    let version = schemaVersion;
    let current = data;
    for (let next = byKey.get(`${type}@${version}`); next; next = byKey.get(`${type}@${version}`)) {
      current = next.upcast(current);
      version += 1;
    }
    return { schemaVersion: version, data: current };
  };
}
