import type { AdminExportRecord, AdminUser } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads, recordsExports, today } from '../../testing/downloads';
import { anAdminUser } from '../../testing/fixtures';
import { json, page, renderResource } from '../../testing/render-resource';
import users from '.';

const hostile = anAdminUser({
  id: 'user-2',
  email: 'mallory@example.com',
  fullName: '=HYPERLINK("http://evil.example")',
  totalSpentCents: 1050,
  subscriptions: [
    {
      id: 'sub-1',
      planName: 'Netflix Premium',
      totalCents: 1050,
      status: 'active',
      expiresAt: '2027-01-20T10:05:00.000Z',
    },
  ],
});
/** A name that opens on a tab, which some spreadsheets skip before reading a formula. */
const tabbed = anAdminUser({ id: 'user-3', email: 'trudy@example.com', fullName: '\t=1+1', segment: 'without' });

describe('the users export (back-office)', () => {
  it('records the export, then saves utilisateurs-<day>.csv with amounts in euros and formulas defused', async () => {
    const saved = catchDownloads();
    const { api, user } = renderResource('users', users, {
      url: '/users',
      api: {
        'GET /api/admin/users': () => page<AdminUser>('users', [hostile, tabbed]),
        'GET /api/admin/users/counts': () => json({ with: 1, without: 1, expired: 0, total: 2 }),
        ...recordsExports,
      },
    });

    await screen.findAllByText('mallory@example.com');
    await user.click(screen.getByRole('button', { name: 'Exporter' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [record] = api.callsTo('POST /api/admin/exports');
    expect(record?.body).toMatchObject({ resource: 'users', count: 2 } satisfies Partial<AdminExportRecord>);
    expect(saved[0]!.name).toBe(`utilisateurs-${today()}.csv`);
    const [header, row, tabbedRow] = saved[0]!.text.split('\r\n');
    expect(header).toContain('totalSpentEuros');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(',10.50,');
    expect(row).toContain('Netflix Premium 10.50 active 2027-01-20');
    expect(tabbedRow).toContain(`,'\t=1+1,`);
  });
});
