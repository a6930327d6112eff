import { Router } from 'express';
import type { Knex } from 'knex';
import type { ApiDocument } from '../openapi.js';

/** The back-office API. Every route below `/api/admin` requires the admin role, checked on the server. */
export function adminRoutes(deps: { knex: Knex }, doc: ApiDocument): Router {
  const router = Router();

  doc.add({
    method: 'get',
    path: '/api/admin/users',
    summary: 'Accounts, newest first (ra-data-simple-rest list)',
    tags: ['admin'],
    responses: {
      200: { description: 'Accounts' },
      401: { description: 'auth.required' },
      403: { description: 'auth.forbidden' },
    },
  });
  router.get('/api/admin/users', async (_req, res) => {
    const rows = await deps.knex('accounts').orderBy('created_at', 'desc').limit(100);
    const users = rows.map((row) => ({
      id: row.id,
      email: row.email,
      fullName: row.full_name,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
      createdAt: (row.created_at as Date).toISOString(),
    }));
    res.set('Content-Range', `users 0-${Math.max(users.length - 1, 0)}/${users.length}`).json(users);
  });
  return router;
}
