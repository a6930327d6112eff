import type { RecordedEvent } from '@shop/event-store';
import { expect } from 'vitest';

/** The one event of `type` among `events`: expects there is exactly one. */
export function onlyOfType(events: readonly RecordedEvent[], type: string): RecordedEvent {
  const found = events.filter((event) => event.type === type);
  expect(found, `events of type ${type}`).toHaveLength(1);
  return found[0]!;
}
