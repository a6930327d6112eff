import { CREDENTIAL_REVEAL_EVENT_TYPES, type CredentialsRevealed } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

/**
 * Who read which credential set's password, at which version, when, and why when they said: one row per
 * `CredentialsRevealed`, for the back-office's reveal panels and `shopctl history reveals`.
 */
export const credentialRevealsProjection: Projection = {
  name: 'credential-reveals',
  version: 2,
  tables: {
    credential_reveals: (table) => {
      table.text('id').primary();
      table.text('credential_set_id').notNullable().index();
      table.integer('credentials_version');
      table.text('subscription_id');
      table.text('revealed_by').notNullable().index();
      table.text('viewer').notNullable();
      table.timestamp('revealed_at', { useTz: true }).notNullable().index();
      table.bigInteger('position').notNullable();
      table.boolean('carried_over').notNullable();
      table.text('reason');
    },
  },
  eventTypes: CREDENTIAL_REVEAL_EVENT_TYPES,
  apply: async (recorded, { trx, table }) => {
    const event = { type: recorded.type, data: recorded.data } as CredentialsRevealed;
    if (event.type !== 'CredentialsRevealed') return;
    const { data } = event;
    await trx(table('credential_reveals'))
      .insert({
        id: data.revealId,
        credential_set_id: data.credentialSetId,
        credentials_version: data.credentialsVersion,
        subscription_id: data.subscriptionId,
        revealed_by: data.revealedBy,
        viewer: data.viewer,
        revealed_at: data.revealedAt,
        position: recorded.globalPosition,
        carried_over: data.carriedOver === true,
        reason: data.reason ?? null,
      })
      .onConflict('id')
      .ignore();
  },
};
