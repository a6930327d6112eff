import type { AdminExportRecord, AdminPlan, AdminStats, AdminSubscription } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads, recordsExports, today } from '../../testing/downloads';
import { aSubscription, anAdminPlan, someStats } from '../../testing/fixtures';
import { json, page, renderResource } from '../../testing/render-resource';
import subscriptions from '.';

const hostile = aSubscription({
  customerName: '@SUM(1+1)*cmd|" /C calc"!A0',
  statusReason: '\t=1+1',
  totalCents: 2397,
  discountCents: 300,
});

describe('the subscriptions export (back-office)', () => {
  it('records the export, then saves abonnements-<day>.csv with amounts in euros and formulas defused', async () => {
    const saved = catchDownloads();
    const { api, user } = renderResource('subscriptions', subscriptions, {
      url: '/subscriptions?filter={}',
      api: {
        'GET /api/admin/subscriptions': () => page<AdminSubscription>('subscriptions', [hostile]),
        'GET /api/admin/stats': () => json<AdminStats>(someStats()),
        'GET /api/admin/plans': () => page<AdminPlan>('plans', [anAdminPlan()]),
        'GET /api/admin/users': () => page('users', []),
        ...recordsExports,
      },
      references: ['plans', 'users', 'credentials'],
    });

    const exportButton = await screen.findByRole('button', { name: 'Exporter' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await user.click(exportButton);

    await waitFor(() => expect(saved).toHaveLength(1));
    const [record] = api.callsTo('POST /api/admin/exports');
    expect(record?.body).toMatchObject({ resource: 'subscriptions', count: 1 } satisfies Partial<AdminExportRecord>);
    expect(saved[0]!.name).toBe(`abonnements-${today()}.csv`);
    const [header, row] = saved[0]!.text.split('\r\n');
    expect(header).toContain(',totalEuros,discountEuros,');
    expect(row).toContain(`"'@SUM(1+1)*cmd|"" /C calc""!A0"`);
    expect(row).toContain(`,'\t=1+1,`);
    expect(row).toContain(',23.97,3.00,EUR,');
  });
});
