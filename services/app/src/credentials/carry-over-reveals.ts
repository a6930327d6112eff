import { credentialRevealStreamId } from '@shop/domain';
import type { Knex } from 'knex';
import { idForKey } from '../infrastructure/idempotency.js';
import type { CredentialRevealCommands } from './credential-reveal-commands.js';

interface RevealRow {
  id: string | number;
  credentials_id: string;
  credentials_version: number | null;
  subscription_id: string | null;
  revealed_by: string;
  viewer: 'admin' | 'customer';
  revealed_at: Date;
}

/**
 * Readings of a password were once rows of `service_credential_reveals` only. Each such row is
 * recorded once in the log (`CredentialsRevealed`, marked carried over, at its original time and by
 * its original reader), so the readings are derived from the log like everything else; the rows
 * stay as they were and no new one is written. Run at start; a row already carried over is skipped.
 */
export async function carryOverRevealRows(deps: {
  knex: Knex;
  commands: { credentialReveals: CredentialRevealCommands };
}): Promise<number> {
  const rows = (await deps.knex('service_credential_reveals').orderBy('id')) as RevealRow[];
  const byReader = new Map<string, RevealRow[]>();
  for (const row of rows) byReader.set(row.revealed_by, [...(byReader.get(row.revealed_by) ?? []), row]);
  let recorded = 0;
  for (const [reader, readings] of byReader) {
    const { state } = await deps.commands.credentialReveals.state(credentialRevealStreamId(reader));
    for (const row of readings) {
      const revealId = idForKey('credential-reveal', 'carried-over', String(row.id));
      if (state.revealIds.has(revealId)) continue;
      const { newEvents } = await deps.commands.credentialReveals.execute(
        {
          type: 'RecordReveal',
          data: {
            revealId,
            credentialSetId: row.credentials_id,
            credentialsVersion: row.credentials_version,
            subscriptionId: row.subscription_id,
            revealedBy: reader,
            viewer: row.viewer,
            revealedAt: new Date(row.revealed_at).toISOString(),
            carriedOver: true,
          },
        },
        { actor: { type: row.viewer, id: reader } },
      );
      recorded += newEvents.length;
    }
  }
  return recorded;
}
