import type { MailPreview, MailPreviewList } from '@shop/contracts';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MAIL_KINDS } from '../jobs/job-queue.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { startTestShop, type TestShop } from '../testing/test-shop.js';

let database: TestDatabase;
let shop: TestShop;
let admin: HttpCustomer;
let customer: HttpCustomer;

const call = (path: string, token?: string) => requestJson(shop.url, 'GET', path, { token });

beforeAll(async () => {
  database = await createTestDatabase('mail_previews');
  shop = await startTestShop({ databaseUrl: database.url, env: { PUBLIC_URL: 'https://shop.example' } });
  admin = await signUpAdmin(shop, { label: 'mail-admin', ip: randomIp('10.94') });
  customer = await signUpAndSignIn(shop.url, { label: 'mail-customer', ip: randomIp('10.94') });
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('the back-office preview of the subscription e-mails', () => {
  it('lists every e-mail with its languages', async () => {
    const list = await call('/api/admin/mail-previews', admin.token);
    expect(list.status).toBe(200);
    const { data } = list.body as unknown as MailPreviewList;
    expect(data.map((entry) => entry.kind)).toEqual([...ORDER_MAIL_KINDS]);
    expect(data.every((entry) => entry.languages.join() === 'fr,en')).toBe(true);
  });

  it('renders one in the language asked for, from the sample subscription', async () => {
    const english = await call('/api/admin/mail-previews/renewal_reminder?language=en', admin.token);
    expect(english.status).toBe(200);
    const preview = english.body as unknown as MailPreview;
    expect(preview.subject).toBe('Your Netflix Premium subscription expires in 7 days');
    expect(preview.text).toContain('Hello Camille Martin,');
    expect(preview.text).toContain('Renew in one click: https://shop.example/en/profile?renew=');
    expect(preview.html).toContain('<html lang="en">');
    expect(preview.html).toContain('PremiumShare — shared premium subscriptions');

    const french = (await call('/api/admin/mail-previews/order_received', admin.token)).body as unknown as MailPreview;
    expect(french.language).toBe('fr');
    expect(french.subject).toBe('Commande reçue : Netflix Premium, 3 mois');
    expect(french.text).toContain('13,59\u00a0€');
  });

  it('answers 404 for an e-mail it does not know and 400 for a language it does not speak', async () => {
    const unknown = await call('/api/admin/mail-previews/welcome_gift', admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'mail_preview.not_found' });
    expect((await call('/api/admin/mail-previews/expired?language=de', admin.token)).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await call('/api/admin/mail-previews', customer.token)).status).toBe(403);
    expect((await call('/api/admin/mail-previews/expired', customer.token)).status).toBe(403);
    expect((await call('/api/admin/mail-previews')).status).toBe(401);
  });
});
