import type { CredentialReveal, HistoryEntry, SubscriptionAsOf } from '@shop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../testing/downloads';
import { json, page, renderResource, type ApiCall } from '../testing/render-resource';
import { CredentialRevealsPanel } from './credential-reveals-panel';
import { HistoryTimeline } from './history-timeline';
import { StateAsOfPanel } from './state-as-of-panel';

const SUBSCRIPTION = '0f5e2b7a-1111-4222-8333-444455556666';
const SET = '9a8b7c6d-1111-4222-8333-444455556666';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'e-1',
  position: 41,
  streamId: `subscription-${SUBSCRIPTION}`,
  version: 1,
  type: 'OrderPlaced',
  recordedAt: '2026-11-26T13:03:07.000Z',
  actor: { type: 'customer', id: 'user-1', name: 'Camille Martin' },
  correlationId: null,
  causationId: null,
  summary: 'Commande passée : Netflix, 1 mois, 4,53 €',
  data: {},
  subscription: { id: SUBSCRIPTION, planName: 'Netflix' },
  ...overrides,
});

const history = [
  entry({}),
  entry({
    id: 'e-2',
    position: 40,
    streamId: 'account-user-1',
    type: 'AccountRegistered',
    recordedAt: '2026-07-01T22:30:00.000Z',
    summary: 'Compte créé',
    subscription: null,
  }),
];

function renderHistory(url = '/users', locale: 'fr' | 'en' = 'fr') {
  return renderResource(
    'users',
    { list: () => <HistoryTimeline of="users" id="user-1" /> },
    {
      url,
      locale,
      api: {
        'GET /api/admin/time-zone': () => json({ timeZone: 'Europe/Paris' }),
        'GET /api/admin/users/:id/history': () => page('history', history),
        'GET /api/admin/users/:id/history/types': () =>
          json([
            { type: 'AccountRegistered', count: 1 },
            { type: 'OrderPlaced', count: 1 },
            { type: 'SignedIn', count: 3 },
          ]),
        'GET /api/admin/exports/user-history/:id': () => ({
          status: 200,
          body: 'position,recorded_at\r\n41,2026-11-26 14:03:07 +01:00',
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="history-user-1.csv"' },
        }),
      },
    },
  );
}

const historyFilters = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path === '/api/admin/users/user-1/history')
    .map((call) => JSON.parse(call.query.get('filter') ?? '{}') as Record<string, unknown>);

describe("a customer's history in the back-office", () => {
  it("dates each line in the shop's time with its offset, to the second, and names its subscription", async () => {
    renderHistory();
    const lines = await screen.findAllByTestId('history-entry');
    expect(lines[0]).toHaveTextContent('2026-11-26 14:03:07 +01:00');
    expect(lines[1]).toHaveTextContent('2026-07-02 00:30:00 +02:00');
    const subscription = within(lines[0]!).getByTestId('history-subscription');
    expect(subscription).toHaveTextContent('Abonnement Netflix · 0f5e2b7a');
    expect(subscription).toHaveAttribute('href', `/subscriptions/${SUBSCRIPTION}/show`);
    expect(within(lines[1]!).queryByTestId('history-subscription')).toBeNull();
  });

  it('leaves sign-ins out until asked, and keeps what is asked in the address', async () => {
    const { user, api, location } = renderHistory();
    await screen.findAllByTestId('history-entry');
    expect(historyFilters(api.calls).at(-1)).toEqual({});
    await user.click(screen.getByRole('switch', { name: 'Afficher les connexions' }));
    await waitFor(() => expect(historyFilters(api.calls).at(-1)).toEqual({ signIns: true }));
    expect(location()).toBe('/users?signIns=1');
  });

  it('filters by the event types the history holds, named in words, and keeps them in the address', async () => {
    const { user, api, location } = renderHistory();
    await screen.findAllByTestId('history-entry');
    await user.click(screen.getByRole('combobox', { name: 'Types d’événements' }));
    expect(await screen.findByRole('option', { name: 'Connexion (3)' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Compte créé (1)' })).toBeVisible();
    await user.click(screen.getByRole('option', { name: 'Commande passée (1)' }));
    await waitFor(() => expect(historyFilters(api.calls).at(-1)).toEqual({ types: ['OrderPlaced'] }));
    expect(location()).toBe('/users?types=OrderPlaced');
  });

  it('opens on the instant the address names, said in the shop time', async () => {
    const { api } = renderHistory('/users?asOf=2026-11-20T12:00:00.000Z&types=OrderPlaced');
    expect(await screen.findByTestId('history-as-of')).toHaveTextContent('Jusqu’au 2026-11-20 13:00:00 +01:00');
    await waitFor(() =>
      expect(historyFilters(api.calls).at(-1)).toEqual({ asOf: '2026-11-20T12:00:00.000Z', types: ['OrderPlaced'] }),
    );
    expect(screen.getByRole('button', { name: 'Revenir à maintenant' })).toBeVisible();
    // The field holds that instant too (in the browser's time zone, as the operator types it).
    const typed = screen.getByLabelText('Jusqu’au') as HTMLInputElement;
    expect(new Date(typed.value.replace(/^(\d{2})\/(\d{2})\/(\d{4}) /, '$3-$2-$1T')).toISOString()).toBe(
      '2026-11-20T12:00:00.000Z',
    );
  });

  it('exports what is shown, as CSV, in the operator’s language', async () => {
    const saved = catchDownloads();
    const { user, api } = renderHistory('/users?types=OrderPlaced', 'en');
    await screen.findAllByTestId('history-entry');
    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['history-user-1.csv']));
    const exported = api.calls.find((call) => call.path === '/api/admin/exports/user-history/user-1')!;
    expect(exported.query.get('format')).toBe('csv');
    expect(exported.query.get('lang')).toBe('en');
    expect(JSON.parse(exported.query.get('filter')!)).toEqual({ types: ['OrderPlaced'] });
  });
});

const reveal = (overrides: Partial<CredentialReveal>): CredentialReveal => ({
  id: 'r-1',
  credentialSetId: SET,
  credentialsVersion: 2,
  subscriptionId: null,
  userId: 'admin-1',
  userName: 'Aude Auditrice',
  viewer: 'admin',
  revealedAt: '2026-11-26T13:03:07.000Z',
  position: 90,
  carriedOver: false,
  reason: null,
  ...overrides,
});

function renderReveals(by: 'set' | 'user', rows: CredentialReveal[], locale: 'fr' | 'en' = 'fr') {
  return renderResource(
    'credentials',
    { list: () => <CredentialRevealsPanel by={by} id={by === 'set' ? SET : 'user-1'} /> },
    {
      url: '/credentials',
      locale,
      references: ['credential-reveals'],
      api: {
        'GET /api/admin/time-zone': () => json({ timeZone: 'Europe/Paris' }),
        'GET /api/admin/credential-reveals': () => page('credential-reveals', rows),
      },
    },
  );
}

describe('who read which credential set', () => {
  it("lists a set's readers with the version, when, and through which subscription", async () => {
    const { api } = renderReveals('set', [
      reveal({ reason: 'Le client ne peut plus se connecter' }),
      reveal({
        id: 'r-2',
        userId: 'user-1',
        userName: 'Camille Martin',
        viewer: 'customer',
        credentialsVersion: 1,
        subscriptionId: SUBSCRIPTION,
      }),
    ]);
    const rows = await screen.findAllByTestId('credential-reveal');
    expect(rows[0]).toHaveTextContent('2026-11-26 14:03:07 +01:00');
    expect(rows[0]).toHaveTextContent('Aude Auditrice');
    expect(rows[0]).toHaveTextContent('version 2');
    expect(rows[0]).toHaveTextContent('Opérateur');
    expect(rows[0]).toHaveTextContent('Motif : Le client ne peut plus se connecter');
    expect(rows[1]).toHaveTextContent('par l’abonnement 0f5e2b7a');
    expect(rows[1]).not.toHaveTextContent('Motif');
    expect(within(rows[1]!).getByRole('link', { name: 'Camille Martin' })).toHaveAttribute(
      'href',
      '/users/user-1/show',
    );
    expect(screen.getByText('2 consultations')).toBeVisible();
    const asked = api.calls.find((call) => call.path === '/api/admin/credential-reveals')!;
    expect(JSON.parse(asked.query.get('filter')!)).toEqual({ credentialSetId: SET });
  });

  it('lists the sets a customer read, in English, an erased reader said so', async () => {
    renderReveals('user', [reveal({ userName: '[erased]', credentialsVersion: null, carriedOver: true })], 'en');
    const [row] = await screen.findAllByTestId('credential-reveal');
    expect(screen.getByRole('heading', { name: 'Passwords read' })).toBeVisible();
    expect(within(row!).getByRole('link', { name: 'Set 9a8b7c6d' })).toHaveAttribute(
      'href',
      `/credentials/${SET}/show`,
    );
    expect(row).toHaveTextContent('version unknown');
    expect(row).toHaveTextContent('carried over from the old records');
    expect(screen.getByText('1 reading')).toBeVisible();
  });

  it('says when nobody read anything', async () => {
    renderReveals('set', []);
    expect(await screen.findByText('Aucune consultation enregistrée.')).toBeVisible();
  });
});

describe('"État au…" in the shop time', () => {
  it('says the instant, the expiry and the last event in the shop time with its offset', async () => {
    const state = {
      id: 'sub-1',
      asOf: '2026-11-20T12:00:00.000Z',
      expiresAt: '2027-02-20T10:05:00.000Z',
      lastEventAt: '2026-11-20T10:05:07.000Z',
      lastEventType: 'PaymentConfirmed',
      version: 2,
      status: 'active',
      planName: 'Netflix',
      months: 3,
      totalCents: 1359,
      currency: 'EUR',
      paymentReference: 'pay-1',
      credentialsId: null,
      credentialsVersion: null,
      refunded: false,
      voided: false,
    } as unknown as SubscriptionAsOf;
    const { user } = renderResource(
      'subscriptions',
      { list: () => <StateAsOfPanel subscriptionId="sub-1" /> },
      {
        url: '/subscriptions',
        api: {
          'GET /api/admin/time-zone': () => json({ timeZone: 'Europe/Paris' }),
          'GET /api/admin/subscriptions/:id': () => json(state),
        },
      },
    );
    fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2026-11-20T13:00:00' } });
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    const shown = await screen.findByTestId('state-as-of');
    await waitFor(() => expect(shown).toHaveTextContent('2026-11-20 13:00:00 +01:00'));
    expect(shown).toHaveTextContent('2027-02-20 11:05:00 +01:00');
    expect(shown).toHaveTextContent('2026-11-20 11:05:07 +01:00');
  });
});
