import { randomUUID } from 'node:crypto';
import type { adminExportRecord, AdminExportRecorded } from '@shop/contracts';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import type { DataExportCommands } from './data-export-commands.js';

/**
 * A back-office list saved to a file carries personal data out of the shop: each export is
 * recorded (DataExported on the month's `exports-yyyy-mm` stream, the operator as actor) with the
 * list, the names of its filters and the number of rows, never the filters' values nor the rows.
 * With an idempotency key a retry records nothing more.
 */
export function recordDataExport(
  deps: { commands: { dataExports: DataExportCommands }; knex: Knex; clock: () => Date },
  input: z.output<typeof adminExportRecord>,
  context: { operatorId: string; idempotencyKey: string | undefined; correlationId: string },
): Promise<AdminExportRecorded> {
  return recordExport(
    deps,
    { resource: input.resource, filterNames: Object.keys(input.filter), rowCount: input.count },
    // A retry with the key must be the same request, filter values included.
    { ...context, request: { operation: 'record-export', ...input } },
  );
}

/**
 * Records an export the server itself hands out (the accountant's VAT report and its CSV), as
 * `recordDataExport` records the back-office's lists: the same event, actor and idempotency.
 */
export function recordExport(
  deps: { commands: { dataExports: DataExportCommands }; knex: Knex; clock: () => Date },
  input: { resource: string; filterNames: readonly string[]; rowCount: number },
  context: { operatorId: string; idempotencyKey: string | undefined; correlationId: string; request?: object },
): Promise<AdminExportRecorded> {
  const { operatorId, idempotencyKey: key } = context;
  const exportId = key ? idForKey('data-export', operatorId, key) : randomUUID();
  const now = deps.clock();
  const request = context.request ?? { operation: 'record-export', ...input };
  return onceForKey(deps.knex, { owner: operatorId, key, request }, async () => {
    await deps.commands.dataExports.execute(
      {
        type: 'RecordExport',
        data: {
          exportId,
          resource: input.resource,
          filterNames: input.filterNames,
          rowCount: input.rowCount,
          exportedBy: operatorId,
          exportedAt: now.toISOString(),
        },
      },
      { actor: { type: 'admin', id: operatorId }, correlationId: context.correlationId },
    );
    return { exportId };
  });
}
