import { Router } from 'express';
import type { Knex } from 'knex';
import {
  deleteNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationSettings,
} from './notification-store.js';
import { currentUser, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem } from '../api/problem.js';
import { z } from 'zod';
import {
  identifier,
  notificationList,
  notificationListQuery,
  notificationSettings,
  notificationSettingsPatch,
  type NotificationList,
  type NotificationSettings,
} from '@shop/contracts';

const notificationParams = z.object({ id: identifier(128) });

/** The same answer for someone else's notification and for one that does not exist. */
const notFound = () => new HttpProblem({ status: 404, code: 'notification.not_found', detail: 'No such notification' });

const notificationId = (params: unknown): string => {
  const parsed = notificationParams.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.id;
};

export function notificationRoutes(deps: { knex: Knex; clock: () => Date }, doc: ApiDocument): Router {
  const router = Router();
  doc.guard(router, '/api/me/notifications', 'signed-in', requireUser);
  doc.guard(router, '/api/me/notification-settings', 'signed-in', requireUser);
  const unauthenticated = { 401: problem('auth.required') };
  const notFoundResponse = { 404: problem('notification.not_found') };

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/notifications',
      operationId: 'listNotifications',
      summary: 'List your notifications',
      description: 'Newest first, with the unread count.',
      tags: ['notifications'],
      query: notificationListQuery,
      responses: {
        200: { description: 'Notifications', schema: notificationList },
        400: problem('validation.failed (an unknown language)'),
      },
    },
    async (req, res) => {
      notificationListQuery.parse(req.query);
      const language = requestLanguage(req);
      const list: NotificationList = await listNotifications(deps.knex, currentUser(req).userId, language);
      res.set('Content-Language', language).json(list);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/notifications/read-all',
      operationId: 'markAllNotificationsRead',
      summary: 'Mark every notification read',
      tags: ['notifications'],
      responses: { 204: { description: 'All read' }, ...unauthenticated },
    },
    async (req, res) => {
      await markAllNotificationsRead(deps.knex, currentUser(req).userId, deps.clock());
      res.status(204).end();
    },
  );

  // What the customer does to one of their notifications: the same answers for both.
  const changes = [
    {
      method: 'post',
      path: '/api/me/notifications/:id/read',
      operationId: 'markNotificationRead',
      summary: 'Mark one notification read',
      done: 'Read',
      change: markNotificationRead,
    },
    {
      method: 'delete',
      path: '/api/me/notifications/:id',
      operationId: 'deleteNotification',
      summary: 'Delete one notification',
      description: 'It no longer lists.',
      done: 'Deleted',
      change: deleteNotification,
    },
  ] as const;

  for (const { done, change, ...route } of changes) {
    doc.route(
      router,
      {
        ...route,
        tags: ['notifications'],
        params: notificationParams,
        responses: { 204: { description: done }, ...unauthenticated, ...notFoundResponse },
      },
      async (req, res) => {
        const id = notificationId(req.params);
        if (!(await change(deps.knex, currentUser(req).userId, id, deps.clock()))) throw notFound();
        res.status(204).end();
      },
    );
  }

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/notification-settings',
      operationId: 'getNotificationSettings',
      summary: 'Get the notification settings',
      description: 'All on but promotional e-mails until changed.',
      tags: ['notifications'],
      responses: { 200: { description: 'Settings', schema: notificationSettings }, ...unauthenticated },
    },
    async (req, res) => {
      const answer: NotificationSettings = await getNotificationSettings(deps.knex, currentUser(req).userId);
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'patch',
      path: '/api/me/notification-settings',
      operationId: 'updateNotificationSettings',
      summary: 'Change the notification settings',
      description: 'Any of them; returns them all.',
      tags: ['notifications'],
      body: notificationSettingsPatch,
      responses: {
        200: { description: 'Settings', schema: notificationSettings },
        400: problem('validation.failed (unknown setting or not a boolean)'),
      },
    },
    async (req, res) => {
      const changes = notificationSettingsPatch.parse(req.body);
      const { userId } = currentUser(req);
      const answer: NotificationSettings = await updateNotificationSettings(deps.knex, userId, changes, deps.clock());
      res.json(answer);
    },
  );

  return router;
}
