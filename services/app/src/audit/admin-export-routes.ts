import { adminExportRecord, adminExportRecorded } from '@shop/contracts';
import { Router } from 'express';
import type { Knex } from 'knex';
import { recordDataExport } from './data-exports.js';
import type { DataExportCommands } from './data-export-commands.js';
import { currentUser } from '../api/auth/authentication.js';
import { idempotencyKeyOf } from '../api/idempotency.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { parseOrReject } from '../api/problem.js';

/** The back-office records each list it saves to a file (`recordDataExport`). */
export function adminExportRoutes(
  deps: { commands: { dataExports: DataExportCommands }; knex: Knex; clock: () => Date },
  doc: ApiDocument,
): Router {
  const router = Router();

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
        400: problem('validation.failed, idempotency.invalid_key'),
        409: problem('export.invalid (a filter name that is not one), idempotency.in_progress'),
        422: problem('idempotency.key_reused (the key was used for another request)'),
      },
    },
    async (req, res) => {
      const input = parseOrReject(adminExportRecord, req.body);
      const answer = await recordDataExport(deps, input, {
        operatorId: currentUser(req).userId,
        idempotencyKey: idempotencyKeyOf(req),
        correlationId: String(req.id),
      });
      res.status(201).json(answer);
    },
  );

  return router;
}
