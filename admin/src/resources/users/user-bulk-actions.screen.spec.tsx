import type { AdminExportRecord, AdminUser } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads, recordsExports } from '../../testing/downloads';
import { anAdminUser, leaPetit } from '../../testing/fixtures';
import { json, page, renderResource } from '../../testing/render-resource';
import users from '.';

const customers = [anAdminUser(), leaPetit];

describe('bulk actions on the users (back-office)', () => {
  it('exports the selected users alone, recorded as an export of those users', async () => {
    const saved = catchDownloads();
    const { api, user } = renderResource('users', users, {
      url: '/users',
      api: {
        'GET /api/admin/users': ({ query }) => {
          const { id } = JSON.parse(query.get('filter') ?? '{}') as { id?: string[] };
          return page<AdminUser>('users', id ? customers.filter((row) => id.includes(row.id)) : customers);
        },
        'GET /api/admin/users/counts': () => json({ with: 2, without: 0, expired: 0, total: 2 }),
        ...recordsExports,
      },
    });

    const row = (await screen.findAllByRole('row')).find((candidate) =>
      within(candidate).queryByText('lea@example.com'),
    );
    expect(row).toBeDefined();
    await user.click(within(row!).getByRole('checkbox'));
    const bar = within(document.querySelector<HTMLElement>('[data-test="bulk-actions-toolbar"]')!);
    await user.click(bar.getByRole('button', { name: 'Exporter la sélection' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/exports')[0]?.body).toEqual({
      resource: 'users',
      filter: { id: ['user-2'] },
      count: 1,
    } satisfies AdminExportRecord);
    const lines = saved[0]!.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('lea@example.com');
  });
});
