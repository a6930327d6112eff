import { describe } from 'vitest';
import { eventStoreContract } from '../contract/event-store-contract.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';

// e.g. EVENTSTORE_URL=kurrentdb://admin:changeit@localhost:2113?tls=false (reading $all needs an admin or ops user).
const connectionString = process.env.EVENTSTORE_URL;

if (connectionString) {
  eventStoreContract('KurrentDB', {
    // One client per store: the contract's "another connection" tests need separate connections.
    openStore: async (options) => new KurrentDbEventStore({ connectionString, upcasters: options?.upcasters ?? [] }),
  });
} else {
  // Registering the contract under a skipped suite lists every test it would have run.
  describe.skip('KurrentDB event store contract: skipped, EVENTSTORE_URL is not set (no KurrentDB server runs on this machine)', () => {
    eventStoreContract('KurrentDB', {
      openStore: () => Promise.reject(new Error('EVENTSTORE_URL is not set')),
    });
  });
}
