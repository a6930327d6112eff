import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '../types';
import { notificationSettingsQueryKey } from './get-notification-settings';
import { updateNotificationSettingsOptions } from './update-notification-settings';

const USER = 'user-1';
const KEY = notificationSettingsQueryKey(USER);
const SAVED: NotificationSettings = {
  emailNotifications: true,
  pushNotifications: true,
  subscriptionAlerts: true,
  securityAlerts: true,
  promotionalEmails: false,
};

/** A PATCH the test answers when it likes: `settle(status)`. */
function deferredPatch() {
  const pending: ((status: number) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          pending.push((status) => {
            const body = status === 200 ? { ...SAVED, ...(JSON.parse(String(init.body)) as object) } : { code: 'x' };
            resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
          });
        }),
    ),
  );
  return (index: number, status: number) => pending[index]!(status);
}

function toggle(queryClient: QueryClient, changes: Partial<NotificationSettings>) {
  return new MutationObserver(queryClient, updateNotificationSettingsOptions(queryClient, USER)).mutate(changes);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('updating the notification settings', () => {
  let queryClient: QueryClient;

  beforeEach(() => {
    vi.stubGlobal('document', { cookie: '' });
    queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    queryClient.setQueryData(KEY, SAVED);
  });

  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the change at once and keeps it when the server accepts it', async () => {
    const settle = deferredPatch();
    const done = toggle(queryClient, { promotionalEmails: true });
    await tick();
    expect(queryClient.getQueryData<NotificationSettings>(KEY)?.promotionalEmails).toBe(true);
    settle(0, 200);
    await done;
    expect(queryClient.getQueryData<NotificationSettings>(KEY)?.promotionalEmails).toBe(true);
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(true);
  });

  it('puts back only the setting the server refused, not another one sent meanwhile', async () => {
    const settle = deferredPatch();
    const refused = toggle(queryClient, { promotionalEmails: true });
    await tick();
    const accepted = toggle(queryClient, { pushNotifications: false });
    await tick();
    expect(queryClient.getQueryData(KEY)).toEqual({ ...SAVED, promotionalEmails: true, pushNotifications: false });

    settle(0, 500);
    await expect(refused).rejects.toMatchObject({ status: 500 });
    expect(queryClient.getQueryData(KEY)).toEqual({ ...SAVED, pushNotifications: false });
    // Still one change in flight: its toggle is not undone by asking the server now.
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(false);

    settle(1, 200);
    await accepted;
    expect(queryClient.getQueryData(KEY)).toEqual({ ...SAVED, pushNotifications: false });
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(true);
  });
});
