import { vi } from 'vitest';

/**
 * Keeps the screen in place when it sends the browser to another site (`window.location.assign`,
 * the payment page); the spy says where it went. Restored with the mocks.
 */
export function catchDeparture() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}
