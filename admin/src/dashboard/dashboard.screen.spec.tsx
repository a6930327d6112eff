import type { AdminStats, AdminSubscription, WorkQueue, WorkQueueItem } from '@shop/contracts';
import MenuList from '@mui/material/MenuList';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import subscriptions from '../resources/subscriptions';
import { aSubscription, anAdminUser, someStats } from '../testing/fixtures';
import { json, page, problem, renderResource, type Routes } from '../testing/render-resource';
import { LazyDashboard } from '.';
import { DashboardMenuItem } from './dashboard-menu-item';

const AT = '2026-11-26T12:00:00.000Z';
const hoursBefore = (hours: number) => new Date(Date.parse(AT) - hours * 3600_000).toISOString();
const subscriptionsLink = (filter: Record<string, unknown>, field = 'createdAt') => ({
  resource: 'subscriptions' as const,
  filter,
  sort: { field, order: 'ASC' as const },
});
/** The theme's error red, as jsdom computes it. */
const RED = /^(#d32f2f|rgb\(211, 47, 47\))$/;
const TO_SUPPLY = { status: 'active', hasCredentials: false, expiresAfter: AT };
const OVERDUE = { ...TO_SUPPLY, paidBefore: hoursBefore(24) };
/** Every filter of a link, shown in the list's filter bar. */
const shown = (filter: object) => Object.fromEntries(Object.keys(filter).map((key) => [key, true]));

/** The work queue as the server answers it; every count 0 unless given. */
function aWorkQueue(counts: Partial<Record<WorkQueueItem['key'], number>> = {}, overdue = 0): WorkQueue {
  const count = (key: WorkQueueItem['key']) => counts[key] ?? 0;
  const items: WorkQueueItem[] = [
    {
      key: 'credentials_to_supply',
      count: count('credentials_to_supply'),
      oldestAt: count('credentials_to_supply') ? hoursBefore(overdue ? 30 : 5) : null,
      ...subscriptionsLink(TO_SUPPLY, 'paidAt'),
      overdue: { count: overdue, hours: 24, ...subscriptionsLink(OVERDUE, 'paidAt') },
    },
    {
      key: 'new_inquiries',
      count: count('new_inquiries'),
      oldestAt: count('new_inquiries') ? hoursBefore(0.5) : null,
      resource: 'inquiries',
      filter: { status: 'new' },
      sort: { field: 'receivedAt', order: 'ASC' },
    },
    {
      key: 'pending_payments',
      count: count('pending_payments'),
      oldestAt: count('pending_payments') ? hoursBefore(3) : null,
      ...subscriptionsLink({ status: 'pending', createdBefore: hoursBefore(1) }),
    },
    {
      key: 'refund_requests',
      count: count('refund_requests'),
      oldestAt: count('refund_requests') ? hoursBefore(50) : null,
      ...subscriptionsLink({ refundRequested: true }),
    },
    {
      key: 'failed_renewals',
      count: count('failed_renewals'),
      oldestAt: count('failed_renewals') ? hoursBefore(10) : null,
      ...subscriptionsLink({ renewalFailed: true }),
    },
    {
      key: 'expiring_soon',
      count: count('expiring_soon'),
      oldestAt: count('expiring_soon') ? new Date(Date.parse(AT) + 72 * 3600_000).toISOString() : null,
      ...subscriptionsLink({ status: 'active', expiresAfter: AT, expiresBefore: '2026-12-03T12:00:00.000Z' }),
    },
  ];
  const total = items.filter((i) => i.key !== 'expiring_soon').reduce((sum, i) => sum + i.count, 0);
  return { at: AT, total, items };
}

const waiting = aSubscription({
  id: 'sub-7',
  customerName: 'Camille Martin',
  planName: 'Netflix Premium',
  refundRequestedAt: '2026-11-25T08:31:00.000Z',
  refundReason: 'Ne fonctionne pas sur ma télévision',
});

function dashboardApi(
  requests: AdminSubscription[],
  declined: AdminSubscription[] = [],
  overrides: Routes = {},
): Routes {
  return {
    'GET /api/admin/stats': () => json<AdminStats>(someStats()),
    'GET /api/admin/work-queue': () =>
      json<WorkQueue>(aWorkQueue({ refund_requests: requests.length, failed_renewals: declined.length })),
    ...overrides,
    'GET /api/admin/subscriptions': ({ query }) => {
      const filter = JSON.parse(query.get('filter') ?? '{}') as { renewalFailed?: boolean };
      return page('subscriptions', filter.renewalFailed ? declined : requests);
    },
    'GET /api/admin/subscriptions/:id': ({ params }) =>
      json<AdminSubscription | undefined>(requests.find((row) => row.id === params.id)),
    'GET /api/admin/subscriptions/:id/history': () => page('history', []),
    'GET /api/admin/subscriptions/:id/payments': () => json({ payments: [], refunds: [] }),
    'GET /api/admin/users': () => page('users', [anAdminUser()]),
  };
}

const home = (
  requests: AdminSubscription[],
  locale?: 'fr' | 'en',
  declined: AdminSubscription[] = [],
  overrides: Routes = {},
) =>
  renderResource('subscriptions', subscriptions, {
    url: '/',
    api: dashboardApi(requests, declined, overrides),
    references: ['plans', 'users', 'credentials'],
    dashboard: LazyDashboard,
    locale,
  });

describe('the dashboard’s work queue (“À traiter”)', () => {
  it('lists the refund requests waiting under their count, each opening its subscription', async () => {
    const { user, api, location } = home([waiting]);

    const card = await screen.findByRole('region', { name: 'À traiter' });
    expect(await within(card).findByRole('link', { name: '1 demande de remboursement' })).toBeVisible();
    const list = await within(card).findByRole('list', { name: 'Demandes de remboursement en attente' });
    const [link] = within(list).getAllByRole('link');
    expect(link).toHaveTextContent('Camille Martin — Netflix Premium');
    expect(link).toHaveTextContent(/demandé le 25 nov\. 2026/);
    expect(link).toHaveTextContent('« Ne fonctionne pas sur ma télévision »');
    const filters = api
      .callsTo('GET /api/admin/subscriptions')
      .map((call) => JSON.parse(call.query.get('filter') ?? ''));
    expect(filters).toContainEqual({ refundRequested: true });

    await user.click(link!);
    await waitFor(() => expect(location()).toBe('/subscriptions/sub-7/show'));
  });

  it('quotes a refund request’s reason as English does, in English', async () => {
    home([waiting], 'en');
    const card = await screen.findByRole('region', { name: 'To handle' });
    const list = await within(card).findByRole('list', { name: 'Refund requests waiting' });
    const [link] = within(list).getAllByRole('link');
    expect(link).toHaveTextContent('“Ne fonctionne pas sur ma télévision”');
    expect(link).not.toHaveTextContent('«');
  });

  it('says when nothing waits, in English', async () => {
    home([], 'en');

    const card = await screen.findByRole('region', { name: 'To handle' });
    expect(await within(card).findByText('Nothing is waiting for you.')).toBeVisible();
    expect(within(card).getByText('0 automatic renewals declined')).toBeVisible();
    expect(within(card).queryAllByRole('link')).toEqual([]);
  });

  it('counts each kind of work, each count opening its list filtered and sorted as the server says', async () => {
    const queue = aWorkQueue(
      { credentials_to_supply: 3, new_inquiries: 2, pending_payments: 1, failed_renewals: 2, expiring_soon: 4 },
      2,
    );
    const { user, location } = home([], 'fr', [], { 'GET /api/admin/work-queue': () => json<WorkQueue>(queue) });

    const card = await screen.findByRole('region', { name: 'À traiter' });
    expect(await within(card).findByText('8 éléments attendent votre action')).toBeVisible();
    expect(within(card).getByRole('link', { name: '2 nouvelles demandes' })).toBeVisible();
    expect(within(card).getByText('le plus ancien attend depuis 30 minutes')).toBeVisible();
    expect(within(card).getByRole('link', { name: '1 paiement en attente depuis plus d’une heure' })).toBeVisible();
    expect(within(card).getByText('le plus ancien attend depuis 3 heures')).toBeVisible();
    expect(within(card).getByRole('link', { name: '4 abonnements expirent dans les 7 jours' })).toBeVisible();
    expect(within(card).getByText('le prochain expire dans 3 jours')).toBeVisible();

    await user.click(within(card).getByRole('link', { name: '2 renouvellements automatiques refusés' }));
    await waitFor(() =>
      expect(decodeURIComponent(location())).toBe(
        `/subscriptions?filter=${JSON.stringify({ renewalFailed: true })}&displayedFilters=${JSON.stringify({ renewalFailed: true })}&sort=createdAt&order=ASC`,
      ),
    );
  });

  it('shows the credentials past the 24 hours promised in red, with their own list', async () => {
    const queue = aWorkQueue({ credentials_to_supply: 3 }, 2);
    const { user, location } = home([], 'en', [], { 'GET /api/admin/work-queue': () => json<WorkQueue>(queue) });

    const card = await screen.findByRole('region', { name: 'To handle' });
    expect(
      await within(card).findByRole('link', { name: '3 subscriptions waiting for their credentials' }),
    ).toBeVisible();
    const age = within(card).getByText('the oldest has waited 30 hours');
    expect(getComputedStyle(age).color).toMatch(RED);
    const overdue = within(card).getByRole('link', { name: '2 past the 24 hours promised' });
    expect(getComputedStyle(overdue).color).toMatch(RED);

    await user.click(overdue);
    await waitFor(() =>
      expect(decodeURIComponent(location())).toBe(
        `/subscriptions?filter=${JSON.stringify(OVERDUE)}&displayedFilters=${JSON.stringify(shown(OVERDUE))}&sort=paidAt&order=ASC`,
      ),
    );
  });

  it('puts the total waiting on the menu’s dashboard entry', async () => {
    const queue = aWorkQueue({ credentials_to_supply: 3, new_inquiries: 2, expiring_soon: 4 });
    renderResource('subscriptions', subscriptions, {
      url: '/',
      api: dashboardApi([], [], { 'GET /api/admin/work-queue': () => json<WorkQueue>(queue) }),
      references: ['plans', 'users', 'credentials'],
      locale: 'fr',
      dashboard: () => (
        <MenuList>
          <DashboardMenuItem />
        </MenuList>
      ),
    });

    const entry = await screen.findByRole('menuitem', { name: /Tableau de bord \(5 éléments à traiter\)/ });
    expect(within(entry).getByTestId('work-queue-badge')).toHaveTextContent('5');
  });
});

/** The server refuses an instant still to come; the past ones answer the figures. */
const statsRefusingTheFuture: Routes = {
  'GET /api/admin/stats': ({ query }) => {
    const asOf = query.get('asOf');
    return asOf && new Date(asOf).getTime() > Date.now()
      ? problem(400, 'stats.as_of_in_future')
      : json<AdminStats>(someStats());
  },
};

describe('the dashboard’s “Au…” picker', () => {
  it.each([
    ['fr', 'Au…', 'Afficher', 'Cette date est dans le futur : les chiffres ne sont connus que jusqu’à maintenant.'],
    ['en', 'As of…', 'Show', 'This date is in the future: the figures are only known up to now.'],
  ] as const)('refuses a date still to come, saying so (%s)', async (locale, label, show, refusal) => {
    const { user, api } = home([], locale, [], statsRefusingTheFuture);
    await screen.findByRole('region', { name: locale === 'fr' ? 'À traiter' : 'To handle' });

    const picker = screen.getByRole('search', { name: label });
    fireEvent.change(within(picker).getByLabelText(label), { target: { value: '2030-01-01T00:00' } });
    await user.click(within(picker).getByRole('button', { name: show }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(api.callsTo('GET /api/admin/stats').at(-1)?.query.get('asOf')).toBe(
      new Date('2030-01-01T00:00').toISOString(),
    );
    expect(screen.queryByText(/2030/)).toBeNull();
  });

  it('shows the figures of a past instant, titled with that instant', async () => {
    const { user } = home([], 'fr', [], statsRefusingTheFuture);
    await screen.findByRole('region', { name: 'À traiter' });

    const picker = screen.getByRole('search', { name: 'Au…' });
    fireEvent.change(within(picker).getByLabelText('Au…'), { target: { value: '2026-01-01T00:00' } });
    await user.click(within(picker).getByRole('button', { name: 'Afficher' }));

    expect(await screen.findByText(/Chiffres tels qu’ils étaient le 1 janvier 2026/)).toBeVisible();
  });
});

describe('the dashboard’s monthly growth', () => {
  it('shows a dash, not 0 %, when there is no previous month to compare with', async () => {
    home([], 'fr', [], {
      'GET /api/admin/stats': () => json<AdminStats>({ ...someStats(), monthlyGrowthPercent: null }),
    });

    const financial = await screen.findByRole('region', { name: 'Indicateurs financiers' });
    const growth = within(financial).getByText('Croissance mensuelle').closest('div')!;
    expect(within(growth).getAllByRole('definition')[0]).toHaveTextContent(/^—$/);
    expect(growth).not.toHaveTextContent(/0\s?%/);
  });
});
