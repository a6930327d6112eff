import { randomUUID } from 'node:crypto';
import { adminExportRecord, adminExportRecorded, type AdminExportRecorded } from '@shop/contracts';
import { dataExportDecider, exportStreamId } from '@shop/domain';
import { handleCommand, type EventStore } from '@shop/event-store';
import { Router } from 'express';
import type { Knex } from 'knex';
import { idForKey, onceForKey } from '../../infrastructure/idempotency.js';
import { currentUser } from '../auth/authentication.js';
import { idempotencyKeyOf } from '../idempotency.js';
import type { ApiDocument } from '../openapi.js';
import { parseOrReject } from '../problem.js';

/**
 * A back-office list saved to a file carries personal data out of the shop: the screen records
 * each export (DataExported on the month's `exports-yyyy-mm` stream, the operator as actor) with
 * the list, the names of its filters and the number of rows, never the filters' values nor the rows.
 */
export function adminExportRoutes(
  deps: { store: EventStore; knex: Knex; clock: () => Date },
  doc: ApiDocument,
): Router {
  const router = Router();
  const problems = { problem: true } as const;

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/exports',
      operationId: 'recordExport',
      summary: 'Record that a list was exported',
      description:
        'Records that the operator exported a list (DataExported: the list, the filters by name, the row count). With an Idempotency-Key header a retry records nothing more; the key with another request is refused.',
      tags: ['admin'],
      body: adminExportRecord,
      responses: {
        201: { description: 'Recorded', schema: adminExportRecorded },
        400: { description: 'validation.failed, idempotency.invalid_key', ...problems },
        401: { description: 'auth.required', ...problems },
        403: { description: 'auth.forbidden', ...problems },
        409: { description: 'export.invalid (a filter name that is not one), idempotency.in_progress', ...problems },
        422: { description: 'idempotency.key_reused (the key was used for another request)', ...problems },
      },
    },
    async (req, res) => {
      const input = parseOrReject(adminExportRecord, req.body);
      const operatorId = currentUser(req).userId;
      const key = idempotencyKeyOf(req);
      const exportId = key ? idForKey('data-export', operatorId, key) : randomUUID();
      const now = deps.clock();
      const request = { operation: 'record-export', ...input };
      const answer = await onceForKey(deps.knex, { owner: operatorId, key, request }, () =>
        handleCommand(
          deps.store,
          exportStreamId(now),
          dataExportDecider,
          {
            type: 'RecordExport',
            data: {
              exportId,
              resource: input.resource,
              filterNames: Object.keys(input.filter),
              rowCount: input.count,
              exportedBy: operatorId,
              exportedAt: now.toISOString(),
            },
          },
          { metadata: { actor: { type: 'admin', id: operatorId }, correlationId: String(req.id) } },
        ).then((): AdminExportRecorded => ({ exportId })),
      );
      res.status(201).json(answer);
    },
  );

  return router;
}
