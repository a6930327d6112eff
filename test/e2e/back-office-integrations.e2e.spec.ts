import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../services/app/src/testing/test-shop.js';
import { answering, backOfficeDesk, DESKTOP, fitsWidth, MOBILE, screenshot, type E2eShop } from './e2e-shop.js';

/** The owner's integrations: API keys a program calls the API with, and webhooks the shop posts events to. */
const desk = backOfficeDesk('integrations', answering('/api/admin/api-keys'), 'Olivia Propriétaire');

/** A program that receives the shop's webhooks on 127.0.0.1, keeping each raw body and its signature header. */
interface Received {
  body: string;
  signature: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

let e2e: E2eShop;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['shop-signature']),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/shop-events`;
  e2e = await desk.start();
});

afterAll(async () => {
  await e2e?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** What a key is answered on a route of the API, with no browser session. */
const callWithKey = (key: string, path: string) =>
  fetch(`${e2e.baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });

/** The code a dialog shows once, read from its labelled element. */
async function readShownOnce(page: Page, dialogName: string, codeLabel: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  return ((await dialog.getByLabel(codeLabel, { exact: true }).textContent()) ?? '').trim();
}

describe('API keys and webhooks in the back-office', () => {
  it('an owner creates an API key, which works on its scope only, then revokes it, in French at 1440 px', async () => {
    const { page } = await desk.operatorPage(DESKTOP, 'fr');
    await page.goto('/admin/api-keys');
    await page.getByText('Aucune clé d’API pour l’instant.').waitFor();
    await page.goto('/admin/api-keys/create');
    await page.getByRole('textbox', { name: /^Nom/ }).fill('Export comptable');
    await page.getByRole('checkbox', { name: /read:subscriptions/ }).check();
    await screenshot(page, 'api-key-create-fr-1440');
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    const key = await readShownOnce(page, 'Votre nouvelle clé d’API', 'Clé d’API');
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{40,}$/);
    await screenshot(page, 'api-key-shown-once-fr-1440');
    expect((await callWithKey(key, '/api/admin/subscriptions')).status).toBe(200);
    const outside = await callWithKey(key, '/api/admin/users');
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { code: string }).code).toBe('api_key.scope_missing');

    await page.getByRole('button', { name: 'J’ai copié la clé' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Export comptable' });
    await row.getByText(key.slice(0, 11)).waitFor();
    // Used once by the program above: the list says when, never the key itself.
    expect(await page.content()).not.toContain(key);
    await screenshot(page, 'api-keys-list-fr-1440');

    await row.getByRole('button', { name: 'Révoquer' }).click();
    await page.getByRole('dialog', { name: 'Révoquer la clé « Export comptable » ?' }).waitFor();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await row.getByText('Révoquée').waitFor();
    expect(
      await eventually(
        async () => (await callWithKey(key, '/api/admin/subscriptions')).status,
        (status) => status === 401,
      ),
    ).toBe(401);
  }, 90_000);

  it('an owner registers a webhook, sees its signed deliveries and replays them, in English at 375 px', async () => {
    const { page } = await desk.operatorPage(MOBILE, 'en');
    // The scopes a key may be given, as an owner reads them on a phone.
    await page.goto('/admin/api-keys/create');
    await page.getByRole('checkbox', { name: /read:personal-data/ }).waitFor();
    await screenshot(page, 'api-key-create-en-375');
    await page.goto('/admin/webhook-endpoints/create');
    await page.getByRole('textbox', { name: /^URL/ }).fill(receiverUrl);
    await page.getByRole('combobox', { name: /Event types/ }).click();
    await page.getByRole('option', { name: 'Every event (*)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();

    const secret = await readShownOnce(page, 'Signing secret', 'Secret');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
    await fitsWidth(page, MOBILE.width);
    await screenshot(page, 'webhook-secret-en-375');
    await page.getByRole('button', { name: 'I have copied the secret' }).click();

    // Every event from the registration on is delivered, signed: the registration itself first.
    expect(
      await eventually(
        async () => received.length,
        (count) => count >= 1,
        30_000,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'WebhookEndpointRegistered' });
    for (const { body, signature } of received) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    }
    const firstDelivered = received.map(({ body }) => JSON.parse(body) as { id: string; position: number });
    await page.getByText('Delivery log').waitFor();
    await page.getByText('Delivered').first().waitFor();
    await fitsWidth(page, MOBILE.width);
    await screenshot(page, 'webhook-deliveries-en-375');

    const before = received.length;
    await page.getByRole('button', { name: 'Replay from…' }).click();
    await page.getByRole('spinbutton', { name: 'From position' }).fill(String(firstDelivered[0]!.position));
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByText(`Replay started from position ${firstDelivered[0]!.position}`).waitFor();
    // The same events again, under the same ids, for the receiver to set aside. Waited for by their
    // ids, not by a count: an event appended meanwhile is delivered for the first time among them.
    const firstIds = firstDelivered.map(({ id }) => id);
    const replayedIds = await eventually(
      async () => received.slice(before).map(({ body }) => (JSON.parse(body) as { id: string }).id),
      (ids) => firstIds.every((id) => ids.includes(id)),
      30_000,
    );
    expect(replayedIds).toEqual(expect.arrayContaining(firstIds));
  }, 90_000);
});
