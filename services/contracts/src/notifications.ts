import { z } from 'zod';
import { languageQuery } from './language.js';

/** What a notification is about: the shop shows each kind with its own icon. */
export const NOTIFICATION_TYPES = ['subscription', 'security', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One row of `GET /api/me/notifications`, its texts in the language asked for. */
export const userNotification = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    read: z.boolean(),
    createdAt: z.string().describe('ISO-8601 UTC'),
  })
  .meta({ id: 'Notification' });
export type UserNotification = z.infer<typeof userNotification>;

/** `GET /api/me/notifications`. */
export const notificationList = z.object({
  data: z.array(userNotification).describe('Newest first, at most 100'),
  unread: z.number().int().describe('Unread notifications in the whole mailbox'),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationListQuery = z.object({ lang: languageQuery });
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** `GET /api/me/notification-settings`: all on but promotional e-mails until changed. */
export const notificationSettings = z
  .object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    subscriptionAlerts: z.boolean(),
    securityAlerts: z.boolean(),
    promotionalEmails: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettings>;
export type NotificationSetting = keyof NotificationSettings;

/** `PATCH /api/me/notification-settings`: only the settings that change. */
export const notificationSettingsPatch = notificationSettings.partial().strict();
export type NotificationSettingsPatch = z.input<typeof notificationSettingsPatch>;
