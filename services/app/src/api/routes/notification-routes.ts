import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  deleteNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_TYPES,
  updateNotificationSettings,
} from '../../notifications/notification-store.js';
import { currentUser, requireUser } from '../auth/authentication.js';
import { requestLanguage } from '../language.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, problemSchema } from '../problem.js';
import { identifier } from '../text.js';

const notificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    read: z.boolean(),
    createdAt: z.string().describe('ISO-8601 UTC'),
  })
  .meta({ id: 'Notification' });
const notificationList = z.object({
  data: z.array(notificationSchema).describe('Newest first, at most 100'),
  unread: z.number().int().describe('Unread notifications in the whole mailbox'),
});
const listQuery = z.object({
  lang: z.enum(['fr', 'en']).optional().describe('Language of the texts; Accept-Language otherwise, French by default'),
});
const notificationParams = z.object({ id: identifier(128) });

const settingsSchema = z
  .object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    subscriptionAlerts: z.boolean(),
    securityAlerts: z.boolean(),
    promotionalEmails: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
const settingsPatch = settingsSchema.partial().strict();

/** The same answer for someone else's notification and for one that does not exist. */
const notFound = () => new HttpProblem({ status: 404, code: 'notification.not_found', detail: 'No such notification' });

const notificationId = (params: unknown): string => {
  const parsed = notificationParams.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.id;
};

export function notificationRoutes(deps: { knex: Knex; clock: () => Date }, doc: ApiDocument): Router {
  const router = Router();
  router.use(['/api/me/notifications', '/api/me/notification-settings'], requireUser);
  const problems = { schema: problemSchema, problem: true } as const;
  const unauthenticated = { 401: { description: 'auth.required', ...problems } };
  const notFoundResponse = { 404: { description: 'notification.not_found', ...problems } };

  doc.add({
    method: 'get',
    path: '/api/me/notifications',
    summary: "The signed-in user's notifications, newest first, with the unread count",
    tags: ['notifications'],
    query: listQuery,
    responses: { 200: { description: 'Notifications', schema: notificationList }, ...unauthenticated },
  });
  router.get('/api/me/notifications', async (req, res) => {
    listQuery.parse(req.query);
    const language = requestLanguage(req);
    const list = await listNotifications(deps.knex, currentUser(req).userId, language);
    res.set('Content-Language', language).json(list);
  });

  doc.add({
    method: 'post',
    path: '/api/me/notifications/read-all',
    summary: 'Mark every notification read',
    tags: ['notifications'],
    responses: { 204: { description: 'All read' }, ...unauthenticated },
  });
  router.post('/api/me/notifications/read-all', async (req, res) => {
    await markAllNotificationsRead(deps.knex, currentUser(req).userId, deps.clock());
    res.status(204).end();
  });

  doc.add({
    method: 'post',
    path: '/api/me/notifications/:id/read',
    summary: 'Mark one notification read',
    tags: ['notifications'],
    params: notificationParams,
    responses: { 204: { description: 'Read' }, ...unauthenticated, ...notFoundResponse },
  });
  router.post('/api/me/notifications/:id/read', async (req, res) => {
    const id = notificationId(req.params);
    if (!(await markNotificationRead(deps.knex, currentUser(req).userId, id, deps.clock()))) throw notFound();
    res.status(204).end();
  });

  doc.add({
    method: 'delete',
    path: '/api/me/notifications/:id',
    summary: 'Delete one notification (it no longer lists)',
    tags: ['notifications'],
    params: notificationParams,
    responses: { 204: { description: 'Deleted' }, ...unauthenticated, ...notFoundResponse },
  });
  router.delete('/api/me/notifications/:id', async (req, res) => {
    const id = notificationId(req.params);
    if (!(await deleteNotification(deps.knex, currentUser(req).userId, id, deps.clock()))) throw notFound();
    res.status(204).end();
  });

  doc.add({
    method: 'get',
    path: '/api/me/notification-settings',
    summary: 'Notification settings (all on but promotional e-mails until changed)',
    tags: ['notifications'],
    responses: { 200: { description: 'Settings', schema: settingsSchema }, ...unauthenticated },
  });
  router.get('/api/me/notification-settings', async (req, res) => {
    res.json(await getNotificationSettings(deps.knex, currentUser(req).userId));
  });

  doc.add({
    method: 'patch',
    path: '/api/me/notification-settings',
    summary: 'Change any of the settings; returns them all',
    tags: ['notifications'],
    body: settingsPatch,
    responses: {
      200: { description: 'Settings', schema: settingsSchema },
      400: { description: 'validation.failed (unknown setting or not a boolean)', ...problems },
      ...unauthenticated,
    },
  });
  router.patch('/api/me/notification-settings', async (req, res) => {
    const changes = settingsPatch.parse(req.body);
    res.json(await updateNotificationSettings(deps.knex, currentUser(req).userId, changes, deps.clock()));
  });

  return router;
}
