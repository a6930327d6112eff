import type { Language } from '@shop/domain';
import type { Knex } from 'knex';
import type { NotificationList, NotificationSettings, NotificationType } from '@shop/contracts';

/** The notification mailbox and its settings: ordinary tables (see account-tables.ts). */

export type LocalizedText = Record<Language, string>;

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = {
  emailNotifications: true,
  pushNotifications: true,
  subscriptionAlerts: true,
  securityAlerts: true,
  promotionalEmails: false,
};

const SETTING_COLUMNS: Record<keyof NotificationSettings, string> = {
  emailNotifications: 'email_notifications',
  pushNotifications: 'push_notifications',
  subscriptionAlerts: 'subscription_alerts',
  securityAlerts: 'security_alerts',
  promotionalEmails: 'promotional_emails',
};

/** Enough for any mailbox the shop fills; older items stay counted in `unread`. */
const LIST_LIMIT = 100;

const visible = (knex: Knex, userId: string) =>
  knex('notifications').where({ user_id: userId }).whereNull('deleted_at');

/** The user's notifications, newest first, with their texts in one language. */
export async function listNotifications(knex: Knex, userId: string, language: Language): Promise<NotificationList> {
  const rows = await visible(knex, userId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(LIST_LIMIT)
    .select('id', 'type', 'title', 'message', 'read', 'created_at');
  const [count] = await visible(knex, userId).where({ read: false }).count<{ count: string | number }[]>('* as count');
  const pick = (text: Partial<LocalizedText>) => text[language] ?? text.fr ?? '';
  return {
    data: rows.map((row) => ({
      id: row.id as string,
      type: row.type as NotificationType,
      title: pick(row.title as Partial<LocalizedText>),
      message: pick(row.message as Partial<LocalizedText>),
      read: row.read as boolean,
      createdAt: new Date(row.created_at as string | Date).toISOString(),
    })),
    unread: Number(count?.count ?? 0),
  };
}

/** Marks one of the user's own notifications read; false when it is not theirs, unknown or deleted. */
export async function markNotificationRead(knex: Knex, userId: string, id: string, now: Date): Promise<boolean> {
  const updated = await visible(knex, userId).where({ id }).update({ read: true, updated_at: now }, ['id']);
  return updated.length > 0;
}

export async function markAllNotificationsRead(knex: Knex, userId: string, now: Date): Promise<number> {
  return visible(knex, userId).where({ read: false }).update({ read: true, updated_at: now });
}

/** Soft delete: the row stays (its id keeps a retried job from inserting it again) but no longer lists. */
export async function deleteNotification(knex: Knex, userId: string, id: string, now: Date): Promise<boolean> {
  const updated = await visible(knex, userId).where({ id }).update({ deleted_at: now, updated_at: now }, ['id']);
  return updated.length > 0;
}

/** Inserts once per id: a retried job or a replayed event adds nothing. True when inserted. */
export async function insertNotification(
  knex: Knex,
  notification: {
    id: string;
    userId: string;
    type: NotificationType;
    title: LocalizedText;
    message: LocalizedText;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await knex('notifications')
    .insert({
      id: notification.id,
      user_id: notification.userId,
      type: notification.type,
      title: JSON.stringify(notification.title),
      message: JSON.stringify(notification.message),
      created_at: notification.createdAt,
      updated_at: notification.createdAt,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** The user's settings; the defaults when they never changed any. */
export async function getNotificationSettings(knex: Knex, userId: string): Promise<NotificationSettings> {
  const row = await knex('notification_settings').where({ user_id: userId }).first();
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return Object.fromEntries(
    Object.entries(SETTING_COLUMNS).map(([key, column]) => [key, Boolean(row[column])]),
  ) as unknown as NotificationSettings;
}

/** Changes the given settings (the others keep their value or default) and returns them all. */
export async function updateNotificationSettings(
  knex: Knex,
  userId: string,
  changes: Partial<NotificationSettings>,
  now: Date,
): Promise<NotificationSettings> {
  const changed = Object.entries(changes)
    .filter(([key, value]) => key in SETTING_COLUMNS && typeof value === 'boolean')
    .map(([key, value]) => [SETTING_COLUMNS[key as keyof NotificationSettings], value] as const);
  if (changed.length > 0) {
    const defaults = Object.fromEntries(
      Object.entries(SETTING_COLUMNS).map(([key, column]) => [
        column,
        DEFAULT_NOTIFICATION_SETTINGS[key as keyof NotificationSettings],
      ]),
    );
    await knex('notification_settings')
      .insert({ ...defaults, ...Object.fromEntries(changed), user_id: userId, updated_at: now })
      .onConflict('user_id')
      .merge([...changed.map(([column]) => column), 'updated_at']);
  }
  return getNotificationSettings(knex, userId);
}
