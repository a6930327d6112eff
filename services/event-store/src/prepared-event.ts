import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './types.js';

/** An event about to be written, its defaults filled in: a fresh id, schema version 1, no metadata. */
export type PreparedEvent = Required<Omit<NewEvent, 'metadata'>> & { metadata: EventMetadata };

export const prepareEvent = (event: NewEvent): PreparedEvent => ({
  id: event.id ?? randomUUID(),
  type: event.type,
  schemaVersion: event.schemaVersion ?? 1,
  data: event.data,
  metadata: event.metadata ?? {},
});
