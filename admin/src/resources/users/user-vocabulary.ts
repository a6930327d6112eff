import type { AdminUser, AdminUserCounts, UserSegment } from '@shop/contracts';

/** A customer as the API sends it (`GET /api/admin/users`). */
export type User = AdminUser;
export type UserCounts = AdminUserCounts;
export type { UserSegment };

/** The seeds' classification, in the order the screens show it. */
export const SEGMENTS: readonly UserSegment[] = ['with', 'expired', 'without'];

export const segmentChoices = SEGMENTS.map((id) => ({ id, name: `shop.users.segments.${id}` }));

/** What the read models hold in place of an erased person's data. */
export const ERASED = '[erased]';

/** A personal value as the operator reads it: an erased one in their language ("[effacé]"). */
export const personal = <T extends string | null | undefined>(value: T, translate: (key: string) => string) =>
  value === ERASED ? translate('shop.users.erased.value') : value;

/** The name to show: the seeds' 'Nom non défini' when there is none. */
export const displayName = (user: Pick<User, 'fullName'>, translate: (key: string) => string) =>
  user.fullName.trim() === '' ? translate('shop.users.noName') : personal(user.fullName, translate);
