import type { AdminStats, AdminSubscription } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import subscriptions from '../resources/subscriptions';
import { aSubscription, anAdminUser, someStats } from '../testing/fixtures';
import { json, page, problem, renderResource, type Routes } from '../testing/render-resource';
import { LazyDashboard } from '.';

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

describe('the dashboard’s “À traiter” card', () => {
  it('lists the refund requests waiting, each opening its subscription', async () => {
    const { user, api, location } = home([waiting]);

    const card = await screen.findByRole('region', { name: 'À traiter' });
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

  it('says when nothing waits, in English', async () => {
    home([], 'en');

    const card = await screen.findByRole('region', { name: 'To handle' });
    expect(await within(card).findByText('No refund request waiting.')).toBeVisible();
    expect(await within(card).findByText('No automatic renewal declined.')).toBeVisible();
  });

  it('counts the automatic renewals declined, with a link to the list filtered on them', async () => {
    const declined = [
      aSubscription({ id: 'sub-8', autoRenew: true, renewalFailedAt: '2026-11-25T08:31:00.000Z' }),
      aSubscription({ id: 'sub-9', autoRenew: true, renewalFailedAt: '2026-11-24T08:31:00.000Z' }),
    ];
    const { user, location } = home([], 'fr', declined);

    const card = await screen.findByRole('region', { name: 'À traiter' });
    const link = await within(card).findByRole('link', {
      name: '2 renouvellements automatiques refusés : voir la liste',
    });
    await user.click(link);
    await waitFor(() =>
      expect(decodeURIComponent(location())).toBe(`/subscriptions?filter=${JSON.stringify({ renewalFailed: true })}`),
    );
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
