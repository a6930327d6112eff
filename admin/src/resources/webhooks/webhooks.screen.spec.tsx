import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated, WebhookReplayAccepted } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clickSave, json, page, problem, renderResource, type Routes } from '../../testing/render-resource';
import webhooks from '.';

const endpoint: WebhookEndpoint = {
  id: 'wh-1',
  url: 'https://hooks.example.com/shop',
  eventTypes: ['OrderPlaced', 'PaymentConfirmed'],
  personalData: false,
  status: 'active',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'owner-1',
  removedAt: null,
  removedBy: null,
  cursorPosition: 120,
  replay: null,
  pendingDeliveries: 1,
  failedDeliveries: 0,
  lastDelivery: { status: 'delivered', eventType: 'OrderPlaced', at: '2026-11-25T10:00:00.000Z', statusCode: 200 },
};

const attempt = (n: number, statusCode: number | null, delivered: boolean) => ({
  attempt: n,
  at: '2026-11-25T10:00:00.000Z',
  durationMs: 40,
  statusCode,
  error: delivered ? null : `answered ${statusCode}`,
  delivered,
});

const deliveries: WebhookDelivery[] = [
  {
    id: 'd-2',
    endpointId: 'wh-1',
    eventId: 'ev-2',
    eventType: 'PaymentConfirmed',
    eventPosition: 118,
    replayId: null,
    status: 'pending',
    attempts: 2,
    createdAt: '2026-11-25T10:00:00.000Z',
    nextAttemptAt: '2026-11-25T10:05:00.000Z',
    lastStatusCode: 503,
    lastError: 'answered 503',
    deliveredAt: null,
    attemptLog: [attempt(1, 503, false), attempt(2, 503, false)],
  },
  {
    id: 'd-1',
    endpointId: 'wh-1',
    eventId: 'ev-1',
    eventType: 'OrderPlaced',
    eventPosition: 117,
    replayId: 'replay-1',
    status: 'delivered',
    attempts: 1,
    createdAt: '2026-11-25T10:00:00.000Z',
    nextAttemptAt: null,
    lastStatusCode: 200,
    lastError: null,
    deliveredAt: '2026-11-25T10:00:00.000Z',
    attemptLog: [attempt(1, 200, true)],
  },
];

function webhooksApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/webhook-endpoints': () => page('webhook-endpoints', [endpoint]),
    'GET /api/admin/webhook-endpoints/:id': ({ params }) => json({ ...endpoint, id: params.id! }),
    'GET /api/admin/webhook-deliveries': () => page('webhook-deliveries', deliveries),
    'POST /api/admin/webhook-endpoints': () =>
      json<WebhookEndpointCreated>(
        { id: 'wh-2', secret: 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' },
        { status: 201 },
      ),
    'POST /api/admin/webhook-endpoints/:id/replay': ({ body }) =>
      json<WebhookReplayAccepted>(
        { id: 'wh-1', replayId: 'replay-2', fromPosition: (body as { fromPosition: number }).fromPosition },
        { status: 202 },
      ),
    'DELETE /api/admin/webhook-endpoints/:id': () =>
      json<WebhookEndpoint>({
        ...endpoint,
        status: 'removed',
        removedAt: '2026-11-26T09:00:00.000Z',
        removedBy: 'owner-1',
      }),
    ...overrides,
  };
}

describe('the webhooks (back-office)', () => {
  it('lists each endpoint with its event types in words, its status and its last delivery', async () => {
    renderResource('webhook-endpoints', webhooks, { url: '/webhook-endpoints', api: webhooksApi() });

    const row = (await screen.findByText('https://hooks.example.com/shop')).closest('tr')!;
    expect(within(row).getByText('Commande passée')).toBeVisible();
    expect(within(row).getByText('Paiement confirmé')).toBeVisible();
    expect(within(row).getByText('Actif')).toBeVisible();
    expect(within(row).getByText(/^Livré · .* · 200$/)).toBeVisible();
    expect(within(row).getByText('1 en attente')).toBeVisible();
  });

  it('is for owners: support staff are not shown the endpoints', async () => {
    const { location } = renderResource('webhook-endpoints', webhooks, {
      url: '/webhook-endpoints',
      api: webhooksApi(),
      roles: ['customer', 'support'],
    });

    // react-admin's access check sends them to its access-denied page (the API refuses them with 403 besides).
    // The address moves before React renders the page it leads to: wait for the list to be gone.
    await expect.poll(location).toBe('/access-denied');
    await waitFor(() => expect(screen.queryByText('https://hooks.example.com/shop')).not.toBeInTheDocument());
  });

  it('registers an endpoint, then shows its secret once with a copy button before opening its page', async () => {
    const { user, api, location } = renderResource('webhook-endpoints', webhooks, {
      url: '/webhook-endpoints/create',
      api: webhooksApi(),
    });

    await user.type(await screen.findByRole('textbox', { name: /^URL/ }), 'https://hooks.example.com/new');
    await user.click(screen.getByRole('combobox', { name: /Types d'événements/ }));
    await user.click(await screen.findByRole('option', { name: 'Commande passée' }));
    await user.click(screen.getByRole('switch', { name: /Inclure les données personnelles/ }));
    await clickSave(user);

    const dialog = await screen.findByRole('dialog', { name: 'Secret de signature' });
    expect(within(dialog).getByText('whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBeVisible();
    expect(within(dialog).getByText(/il ne sera plus jamais affiché/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /copier secret/i })).toBeVisible();
    expect(api.callsTo('POST /api/admin/webhook-endpoints')[0]?.body).toEqual({
      url: 'https://hooks.example.com/new',
      eventTypes: ['OrderPlaced'],
      personalData: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'J’ai copié le secret' }));
    await expect.poll(location).toBe('/webhook-endpoints/wh-2/show');
    // The page reads the endpoint registered, not the creation's answer (its id and secret alone).
    expect(await screen.findByText('Journal des envois')).toBeVisible();
    expect(await screen.findByText(endpoint.url)).toBeVisible();
    expect(screen.queryByText('whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).not.toBeInTheDocument();
  });

  it('says in French why the API refused the URL', async () => {
    const { user } = renderResource('webhook-endpoints', webhooks, {
      url: '/webhook-endpoints/create',
      api: webhooksApi({ 'POST /api/admin/webhook-endpoints': () => problem(400, 'webhook.https_required') }),
    });

    await user.type(await screen.findByRole('textbox', { name: /^URL/ }), 'http://hooks.example.com/new');
    await user.click(screen.getByRole('combobox', { name: /Types d'événements/ }));
    await user.click(await screen.findByRole('option', { name: 'Tous les événements (*)' }));
    await clickSave(user);

    expect(await screen.findByText(/L’URL doit commencer par https:\/\//)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Secret de signature' })).not.toBeInTheDocument();
  });

  it("shows the endpoint's delivery log, replays from a position and removes it after a confirmation", async () => {
    const { user, api } = renderResource('webhook-endpoints', webhooks, {
      url: '/webhook-endpoints/wh-1/show',
      api: webhooksApi(),
    });

    const pendingRow = (await screen.findByText('118')).closest('tr')!;
    expect(within(pendingRow).getByText('En attente')).toBeVisible();
    expect(within(pendingRow).getByText('answered 503')).toBeVisible();
    expect(within(pendingRow).getByText('2')).toBeVisible();
    const replayedRow = screen.getByText('117').closest('tr')!;
    expect(within(replayedRow).getByText('Livré')).toBeVisible();
    expect(within(replayedRow).getByText('rejeu')).toBeVisible();
    expect(api.callsTo('GET /api/admin/webhook-deliveries')[0]?.query.get('filter')).toBe('{"endpointId":"wh-1"}');
    // Each attempt of a delivery, on opening its row.
    await user.click(within(pendingRow).getByText('answered 503'));
    const attempts = await screen.findByRole('list', { name: 'Tentatives' });
    expect(
      within(attempts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/ · 503 · 40 ms · answered 503$/),
      expect.stringMatching(/ · 503 · 40 ms · answered 503$/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Rejouer depuis…' }));
    const replay = await screen.findByRole('dialog', { name: 'Rejouer les événements' });
    const position = within(replay).getByRole('spinbutton', { name: 'Depuis la position' });
    await user.clear(position);
    await user.type(position, '42');
    await user.click(within(replay).getByRole('button', { name: 'Rejouer' }));
    expect(await screen.findByText('Rejeu lancé depuis la position 42')).toBeVisible();
    expect(api.callsTo('POST /api/admin/webhook-endpoints/wh-1/replay')[0]?.body).toEqual({ fromPosition: 42 });

    await user.click(await screen.findByRole('button', { name: 'Retirer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirer le webhook https://hooks.example.com/shop ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    await expect.poll(() => api.callsTo('DELETE /api/admin/webhook-endpoints/wh-1').length).toBe(1);
  });
});
