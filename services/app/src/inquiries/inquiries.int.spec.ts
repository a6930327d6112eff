import { randomUUID } from 'node:crypto';
import { inquiriesProjection, rebuildProjection } from '@shop/projections';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  randomIp,
  requestsTo,
  signUpAdmin,
  signUpAndSignIn,
  type HttpCustomer,
  type JsonRequest,
} from '../testing/http-customer.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { readMail, startSmtpCapture } from '../testing/smtp-capture.js';
import { adminDataProvider } from '../testing/admin-data-provider.js';
import { eventually } from '../testing/test-shop.js';

const SUPPORT_EMAIL = 'support-desk@example.com';
const smtp = useStandIn('smtp', () => startSmtpCapture((raw, to) => ({ raw, to })));
const shop = useTestShop('inquiries', { env: () => ({ SUPPORT_EMAIL, SMTP_URL: smtp.url }) });
let admin: HttpCustomer;
let customer: HttpCustomer;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'inquiry-admin', ip: randomIp('10.60') });
  customer = await signUpAndSignIn(shop.url, { label: 'inquiry-customer', ip: randomIp('10.60') });
});

const call = requestsTo(shop);
const post = (path: string, body: unknown, options: JsonRequest = {}) =>
  call('POST', path, { ip: randomIp('10.61'), ...options, body });

type Inquiry = Record<string, unknown> & { id: string; status: string; version: number };
const adminGet = (id: string) => call('GET', `/api/admin/inquiries/${id}`, { token: admin.token });
/** The inquiry as the back-office shows it, once the projection has it. */
const visibleToAdmin = async (id: string, accept: (inquiry: Inquiry) => boolean = () => true) => {
  const reply = await eventually(
    () => adminGet(id),
    (r) => r.status === 200 && accept(r.body as Inquiry),
  );
  expect(reply.status).toBe(200);
  return reply.body as Inquiry;
};
const list = (params: Record<string, unknown>) => {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)] as [string, string]),
  );
  return call('GET', `/api/admin/inquiries?${query.toString()}`, { token: admin.token });
};

const unique = () => randomUUID().slice(0, 8);
const supportMessage = (tag = unique()) => ({
  email: `visitor-${tag}@example.com`,
  category: 'payment',
  subject: `Card refused ${tag}`,
  message: 'My card was refused twice at checkout, what can I do?',
});
const affiliateRequest = (tag = unique()) => ({
  name: `Aff ${tag}`,
  email: `aff-${tag}@example.com`,
  phone: '+33 (0)6 12-34.56',
  website: 'https://blog.example.com/deals',
  trafficVolume: '5000-10000',
  promotionMethods: ['blog', 'youtube'],
  experience: 'Five years of tech deals on my blog.',
  motivation: 'My readers ask for cheaper subscriptions.',
});
const partnershipRequest = (tag = unique()) => ({
  companyName: `Reseller ${tag} SARL`,
  contactName: `Camille ${tag}`,
  email: `partner-${tag}@example.com`,
  phone: '',
  website: '',
  partnershipType: 'reseller',
  expectedVolume: '200 subscriptions a month',
  description: 'We run a chain of phone shops and would resell your plans.',
});

describe('visitor forms', () => {
  it('a support message, sent anonymously, reaches the back-office and the support address', async () => {
    const body = { ...supportMessage(), name: '' };
    const sent = await post('/api/support/messages', body);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(String), status: 'new' });

    const inquiry = await visibleToAdmin(sent.body.id as string);
    expect(inquiry).toMatchObject({
      kind: 'support',
      status: 'new',
      version: 1,
      userId: null,
      email: body.email,
      name: null,
      subject: body.subject,
      category: 'payment',
      details: { message: body.message },
    });

    const mail = await eventually(
      async () => smtp.messages.find((m) => m.raw.includes(sent.body.id as string)),
      (m) => m !== undefined,
    );
    expect(mail?.to).toEqual([SUPPORT_EMAIL]);
    expect(mail?.raw).toMatch(new RegExp(`Reply-To: ${body.email}`, 'i'));
  });

  it('the contact page posts a support message with a name; a signed-in sender is attached', async () => {
    const body = { ...supportMessage(), category: 'other', name: '  Dominique Contact ' };
    const sent = await post('/api/support/messages', body, { token: customer.token });
    expect(sent.status).toBe(201);
    const inquiry = await visibleToAdmin(sent.body.id as string);
    expect(inquiry).toMatchObject({ name: 'Dominique Contact', userId: customer.userId, category: 'other' });
  });

  it('an affiliate request keeps every field, in the language of the request', async () => {
    const body = affiliateRequest();
    const sent = await post('/api/affiliate-requests', body, { headers: { 'Accept-Language': 'en-GB,en;q=0.8' } });
    expect(sent.status).toBe(201);
    const inquiry = await visibleToAdmin(sent.body.id as string);
    expect(inquiry).toMatchObject({
      kind: 'affiliate',
      status: 'new',
      language: 'en',
      name: body.name,
      email: body.email,
      details: {
        phone: body.phone,
        website: body.website,
        trafficVolume: '5000-10000',
        promotionMethods: ['blog', 'youtube'],
        experience: body.experience,
        motivation: body.motivation,
      },
    });
  });

  it("a message is stored in the shop's language (?lang=), whatever the browser's Accept-Language says", async () => {
    const frenchBrowser = { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } };
    const sent = await post('/api/support/messages?lang=en', supportMessage(), frenchBrowser);
    expect(sent.status).toBe(201);
    expect(await visibleToAdmin(sent.body.id as string)).toMatchObject({ kind: 'support', language: 'en' });

    const unknown = await post('/api/support/messages?lang=de', supportMessage(), frenchBrowser);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation.failed', errors: [{ path: 'lang' }] });
  });

  it('a partnership request: empty optional fields are stored as absent', async () => {
    const body = partnershipRequest();
    const sent = await post('/api/partnership-requests', body);
    expect(sent.status).toBe(201);
    const inquiry = await visibleToAdmin(sent.body.id as string);
    expect(inquiry).toMatchObject({
      kind: 'partnership',
      name: body.contactName,
      companyName: body.companyName,
      category: 'reseller',
      details: { phone: null, website: null, expectedVolume: body.expectedVolume, description: body.description },
    });
  });

  it('a service suggestion, with or without an e-mail', async () => {
    const anonymous = await post('/api/service-suggestions', { suggestion: 'Crunchyroll please', email: '' });
    expect(anonymous.status).toBe(201);
    const withEmail = await post('/api/service-suggestions', {
      suggestion: 'Deezer family',
      email: ' Fan@Example.com ',
    });
    expect(withEmail.status).toBe(201);
    expect(await visibleToAdmin(anonymous.body.id as string)).toMatchObject({
      kind: 'suggestion',
      email: null,
      details: { suggestion: 'Crunchyroll please' },
    });
    expect(await visibleToAdmin(withEmail.body.id as string)).toMatchObject({ email: 'fan@example.com' });
  });
});

describe('bad input', () => {
  /** A case that sends the form at `path` valid but for `change` (`undefined` leaves a member out). */
  const invalid =
    (path: string, valid: () => Record<string, unknown>) =>
    (name: string, change: Record<string, unknown>, field: string) => ({
      name,
      path,
      body: { ...valid(), ...change },
      field,
    });
  const support = invalid('/api/support/messages', supportMessage);
  const affiliate = invalid('/api/affiliate-requests', affiliateRequest);
  const partnership = invalid('/api/partnership-requests', partnershipRequest);
  const cases: Array<{ name: string; path: string; body: Record<string, unknown>; field: string }> = [
    support('missing e-mail', { email: undefined }, 'email'),
    support('bad e-mail', { email: 'not-an-email' }, 'email'),
    support('unknown category', { category: 'billing' }, 'category'),
    support('short subject', { subject: ' a ' }, 'subject'),
    support('short message', { message: 'too short' }, 'message'),
    support('long message', { message: 'x'.repeat(5001) }, 'message'),
    support('long name', { name: 'n'.repeat(101) }, 'name'),
    affiliate('blank name', { name: '   ' }, 'name'),
    affiliate('letters in phone', { phone: 'call me' }, 'phone'),
    affiliate('website not http', { website: 'ftp://example.com' }, 'website'),
    affiliate('unknown traffic band', { trafficVolume: '1-2' }, 'trafficVolume'),
    affiliate('no promotion method', { promotionMethods: [] }, 'promotionMethods'),
    affiliate('repeated promotion method', { promotionMethods: ['blog', 'blog'] }, 'promotionMethods'),
    affiliate('unknown promotion method', { promotionMethods: ['tv'] }, 'promotionMethods.0'),
    affiliate('short motivation', { motivation: 'money' }, 'motivation'),
    partnership('unknown partnership type', { partnershipType: 'merger' }, 'partnershipType'),
    partnership('long expected volume', { expectedVolume: 'v'.repeat(101) }, 'expectedVolume'),
    partnership('missing company', { companyName: undefined }, 'companyName'),
    { name: 'short suggestion', path: '/api/service-suggestions', body: { suggestion: 'ab' }, field: 'suggestion' },
    {
      name: 'unknown field',
      path: '/api/service-suggestions',
      body: { suggestion: 'Netflix 4K', admin: true },
      field: 'admin',
    },
    support('unknown field on support', { status: 'closed' }, 'status'),
  ];

  it.each(cases)('$name → 400 validation.failed naming $field, nothing stored', async ({ path, body, field }) => {
    const before = await countInquiryEvents();
    const reply = await post(path, body);
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(reply.body).toMatchObject({ code: 'validation.failed', status: 400 });
    expect((reply.body.errors as Array<{ path: string }>).map((e) => e.path)).toContain(field);
    expect(await countInquiryEvents()).toBe(before);
  });

  it('a body that is not an object is refused the same way; one that is not JSON as malformed', async () => {
    const list = await call('POST', '/api/service-suggestions', { raw: '["Netflix"]', ip: randomIp('10.62') });
    expect(list.status).toBe(400);
    expect(list.body).toMatchObject({ code: 'validation.failed' });
    const broken = await call('POST', '/api/service-suggestions', { raw: '{"suggestion":', ip: randomIp('10.62') });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'request.malformed_json' });
  });
});

describe('retries and limits', () => {
  it('a retry after the process died mid-request answers the inquiry the first run recorded, never a second one', async () => {
    const body = supportMessage();
    const key = `support-${randomUUID()}`;
    const ip = randomIp('10.64');
    const first = await post('/api/support/messages', body, { ip, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    // As a process dying after recording the inquiry leaves it: the key in progress, its lease run out, no answer kept.
    await shop.runtime
      .knex('idempotency_keys')
      .where({ key })
      .update({ response: null, lease_id: 'dead-process', lease_expires_at: new Date(Date.now() - 1000) });
    const retry = await post('/api/support/messages', body, { ip, headers: { 'Idempotency-Key': key } });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    await visibleToAdmin(first.body.id as string);
    expect((await list({ filter: { q: body.email } })).body).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key answers the same id and stores nothing twice', async () => {
    const body = supportMessage();
    const key = `support-${randomUUID()}`;
    const ip = randomIp('10.63');
    const first = await post('/api/support/messages', body, { ip, headers: { 'Idempotency-Key': key } });
    const again = await post('/api/support/messages', body, { ip, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await post(
      '/api/support/messages',
      { ...body, subject: 'Another subject' },
      {
        ip,
        headers: { 'Idempotency-Key': key },
      },
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency.key_reused' });

    await visibleToAdmin(first.body.id as string);
    const found = await list({ filter: { q: body.email } });
    expect(found.body).toHaveLength(1);
    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1`, [
      `inquiry-${first.body.id as string}`,
    ]);
    await client.end();
    expect(rows[0].n).toBe(1);
  });

  it('more than 10 of one kind from one address in 10 minutes → 429 rate_limited with Retry-After', async () => {
    const ip = randomIp('10.64');
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/service-suggestions', { suggestion: `Service ${i}` }, { ip })).status).toBe(201);
    }
    const limited = await post('/api/service-suggestions', { suggestion: 'One more' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted per kind: the same address may still write to support.
    expect((await post('/api/support/messages', supportMessage(), { ip })).status).toBe(201);
  });
});

describe('back-office', () => {
  it('anonymous → 401, a customer → 403', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/inquiries'],
      ['GET', `/api/admin/inquiries/${randomUUID()}`],
      ['PUT', `/api/admin/inquiries/${randomUUID()}`],
    ] as const) {
      const anonymous = await call(method, path, method === 'PUT' ? { body: { status: 'closed' } } : {});
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 'auth.required' });
      const asCustomer = await call(method, path, {
        token: customer.token,
        ...(method === 'PUT' ? { body: { status: 'closed' } } : {}),
      });
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body).toMatchObject({ code: 'auth.forbidden' });
    }
  });

  it('the status moves forward with the version read; a stale or backward change is refused', async () => {
    const sent = await post('/api/affiliate-requests', affiliateRequest());
    const id = sent.body.id as string;
    const seen = await visibleToAdmin(id);
    expect(seen.version).toBe(1);

    // The back-office sends the new status and the version it read.
    const taken = await call('PUT', `/api/admin/inquiries/${id}`, {
      token: admin.token,
      body: { status: 'in_progress', version: seen.version },
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ id, status: 'in_progress', version: 2, statusChangedBy: admin.userId });

    const stale = await call('PUT', `/api/admin/inquiries/${id}`, {
      token: admin.token,
      body: { status: 'closed', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'inquiry.stale', expectedVersion: 1, actualVersion: 2 });

    const backwards = await call('PUT', `/api/admin/inquiries/${id}`, { token: admin.token, body: { status: 'new' } });
    const wholeRecord = await call('PUT', `/api/admin/inquiries/${id}`, {
      token: admin.token,
      body: { ...seen, status: 'closed' },
    });
    expect(wholeRecord.status).toBe(400);
    expect(wholeRecord.body).toMatchObject({ code: 'validation.failed' });
    expect(backwards.status).toBe(409);
    expect(backwards.body).toMatchObject({ code: 'inquiry.invalid_transition', from: 'in_progress', to: 'new' });

    const closed = await call('PUT', `/api/admin/inquiries/${id}`, {
      token: admin.token,
      body: { status: 'closed', version: 2 },
    });
    expect(closed.status).toBe(200);
    expect(await visibleToAdmin(id, (i) => i.status === 'closed')).toMatchObject({ status: 'closed', version: 3 });

    const reopened = await call('PUT', `/api/admin/inquiries/${id}`, {
      token: admin.token,
      body: { status: 'in_progress', version: 3 },
    });
    expect(reopened.body).toMatchObject({ status: 'in_progress', version: 4 });

    const invalid = await call('PUT', `/api/admin/inquiries/${id}`, {
      token: admin.token,
      body: { status: 'pending' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'validation.failed', errors: [{ path: 'status' }] });

    const unknown = await call('PUT', `/api/admin/inquiries/${randomUUID()}`, {
      token: admin.token,
      body: { status: 'closed' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'inquiry.not_found' });
    expect((await adminGet(randomUUID())).body).toMatchObject({ code: 'inquiry.not_found' });
  });

  it('lists with sort, range, filter and q, and says the total in Content-Range', async () => {
    const tag = unique();
    const ids: string[] = [];
    for (const letter of ['c', 'a', 'b']) {
      const sent = await post('/api/support/messages', {
        ...supportMessage(),
        email: `${letter}-${tag}@example.com`,
        subject: `Listing ${tag} ${letter}`,
      });
      ids.push(sent.body.id as string);
    }
    const partnership = await post('/api/partnership-requests', {
      ...partnershipRequest(),
      contactName: `Lister ${tag}`,
    });
    await Promise.all([...ids, partnership.body.id as string].map((id) => visibleToAdmin(id)));

    const byEmail = await list({ sort: ['email', 'ASC'], range: [0, 1], filter: { q: tag } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.headers.get('content-range')).toBe('inquiries 0-1/4');
    expect((byEmail.body as unknown as Inquiry[]).map((i) => i.email)).toEqual([
      `a-${tag}@example.com`,
      `b-${tag}@example.com`,
    ]);
    const nextPage = await list({ sort: ['email', 'ASC'], range: [2, 3], filter: { q: tag } });
    expect(nextPage.headers.get('content-range')).toBe('inquiries 2-3/4');
    expect((nextPage.body as unknown as Inquiry[]).map((i) => i.email)).toEqual([
      `c-${tag}@example.com`,
      expect.stringMatching(/^partner-/),
    ]);

    const supportOnly = await list({
      sort: ['receivedAt', 'DESC'],
      filter: { q: tag, kind: 'support', status: 'new' },
    });
    expect(supportOnly.headers.get('content-range')).toBe('inquiries 0-2/3');
    expect((supportOnly.body as unknown as Inquiry[]).map((i) => i.id)).toEqual([...ids].reverse());

    const byName = await list({ filter: { q: `lister ${tag}` } });
    expect((byName.body as unknown as Inquiry[]).map((i) => i.id)).toEqual([partnership.body.id]);
    const many = await list({ filter: { id: [ids[0], ids[2]] }, sort: ['id', 'ASC'] });
    expect((many.body as unknown as Inquiry[]).map((i) => i.id).sort()).toEqual([ids[0], ids[2]].sort());
    const none = await list({ filter: { q: `nobody-${tag}` } });
    expect(none.headers.get('content-range')).toBe('inquiries */0');
    expect(none.body).toEqual([]);

    const badSort = await list({ sort: ['password', 'ASC'] });
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ code: 'validation.failed', errors: [{ path: 'sort.0' }] });
    const badFilter = await list({ filter: { colour: 'red' } });
    expect(badFilter.status).toBe(400);
  });
});

describe('replies from the back-office', () => {
  const repliesOf = (id: string) => call('GET', `/api/admin/inquiries/${id}/replies`, { token: admin.token });
  /** The e-mail to `to`, read as the visitor's mail client shows it. */
  const mailTo = (to: string) =>
    eventually(
      async () => smtp.messages.find((m) => m.to.includes(to)),
      (m) => m !== undefined,
    ).then((m) => readMail(m!.raw, m!.to));

  it('a reply is recorded with its author, e-mailed to the visitor in their language, and takes a new inquiry up', async () => {
    const body = { ...supportMessage(), name: 'Robin Visitor' };
    const sent = await post('/api/support/messages?lang=en', body);
    const id = sent.body.id as string;
    await visibleToAdmin(id);

    const provider = await adminDataProvider(shop.url, admin.token);
    const message = 'Hello again: your card was declined by your bank; please try another card.\nKind regards';
    const created = await provider.create(`inquiries/${id}/replies`, { data: { message } });
    expect(created.data).toMatchObject({ id: expect.any(String), inquiryId: id, status: 'in_progress', version: 3 });

    // The thread: the reply with who wrote it and when; the inquiry moved on, by the same operator.
    const thread = await eventually(
      () => repliesOf(id),
      (r) => r.status === 200 && (r.body as unknown as unknown[]).length === 1,
    );
    expect(thread.body).toEqual([
      {
        id: created.data.id,
        inquiryId: id,
        message,
        repliedBy: admin.userId,
        repliedByName: expect.any(String),
        repliedAt: expect.any(String),
      },
    ]);
    expect(await visibleToAdmin(id, (i) => i.status === 'in_progress')).toMatchObject({
      status: 'in_progress',
      version: 3,
      statusChangedBy: admin.userId,
    });

    const mail = await mailTo(body.email);
    expect(mail.subject).toBe(`Re: ${body.subject}`);
    expect(mail.text).toContain('Hello Robin Visitor,');
    expect(mail.text).toContain(message.replace('\n', '\r\n'));
    expect(mail.text).toContain(`> ${body.message}`);

    // In the log: one event with the operator as actor, the text sealed.
    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    const { rows } = await client.query<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      `SELECT data, metadata FROM es_events WHERE event_type = 'InquiryReplied' AND data->>'inquiryId' = $1`,
      [id],
    );
    await client.end();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.metadata).toMatchObject({ actor: { type: 'admin', id: admin.userId } });
    expect(rows[0]!.data).toMatchObject({ repliedBy: admin.userId, replyId: created.data.id });
    expect(JSON.stringify(rows[0]!.data)).not.toContain('declined by your bank');
  });

  it('in French for a French inquiry; a second reply keeps the status and joins the thread', async () => {
    const body = { ...supportMessage(), name: '' };
    const id = (await post('/api/support/messages?lang=fr', body)).body.id as string;
    await visibleToAdmin(id);
    const reply = (message: string) =>
      call('POST', `/api/admin/inquiries/${id}/replies`, { token: admin.token, body: { message } });
    expect((await reply('Première réponse : nous regardons votre paiement.')).status).toBe(201);
    await visibleToAdmin(id, (i) => i.status === 'in_progress');
    const closed = await call('PUT', `/api/admin/inquiries/${id}`, { token: admin.token, body: { status: 'closed' } });
    expect(closed.status).toBe(200);
    const second = await reply('Dernière précision : le remboursement est parti.');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ status: 'closed' });
    const thread = await eventually(
      () => repliesOf(id),
      (r) => (r.body as unknown as unknown[]).length === 2,
    );
    expect((thread.body as unknown as Array<{ message: string }>).map((r) => r.message)).toEqual([
      'Première réponse : nous regardons votre paiement.',
      'Dernière précision : le remboursement est parti.',
    ]);

    const mail = await mailTo(body.email);
    expect(mail.subject).toBe(`Re : ${body.subject}`);
    expect(mail.text).toContain('Bonjour,');
    expect(mail.text).toContain("L'équipe du support");
  });

  it('an empty or too long reply, or one to nobody, is refused with a problem and records nothing', async () => {
    const id = (await post('/api/support/messages', supportMessage())).body.id as string;
    await visibleToAdmin(id);
    const provider = await adminDataProvider(shop.url, admin.token);
    for (const message of ['', '   ', 'x'.repeat(5001)]) {
      const refused = await provider.create(`inquiries/${id}/replies`, { data: { message } }).catch((e: unknown) => e);
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 'validation.failed', errors: [{ path: 'message' }] },
      });
    }
    const unknown = await call('POST', `/api/admin/inquiries/${randomUUID()}/replies`, {
      token: admin.token,
      body: { message: 'Anyone there?' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'inquiry.not_found' });
    expect(unknown.headers.get('content-type')).toMatch(/application\/problem\+json/);

    const anonymous = (await post('/api/service-suggestions', { suggestion: 'More VPNs please' })).body.id as string;
    await visibleToAdmin(anonymous);
    const nobody = await call('POST', `/api/admin/inquiries/${anonymous}/replies`, {
      token: admin.token,
      body: { message: 'Thanks for the idea' },
    });
    expect(nobody.status).toBe(409);
    expect(nobody.body).toMatchObject({ code: 'inquiry.no_email' });

    expect(await visibleToAdmin(id)).toMatchObject({ status: 'new', version: 1 });
    expect((await repliesOf(id)).body).toEqual([]);
  });

  it('only staff may read or write replies', async () => {
    const id = (await post('/api/support/messages', supportMessage())).body.id as string;
    const asCustomer = await call('POST', `/api/admin/inquiries/${id}/replies`, {
      token: customer.token,
      body: { message: 'I am not staff' },
    });
    expect(asCustomer.status).toBe(403);
    expect((await call('GET', `/api/admin/inquiries/${id}/replies`, { token: customer.token })).status).toBe(403);
    expect((await call('GET', `/api/admin/inquiries/${id}/replies`)).status).toBe(401);
  });
});

describe('personal data', () => {
  it('is sealed in the event log: no e-mail, name, phone or text of any form is readable there', async () => {
    const tag = unique();
    const plain = {
      email: `sealed-${tag}@example.com`,
      name: `Sealed Person ${tag}`,
      phone: `+33 6 ${tag.replace(/\D/g, '1').slice(0, 6)}`,
      subject: `Private subject ${tag}`,
      message: `Private message body ${tag}`,
      company: `Sealed Company ${tag}`,
    };
    const sent = [
      await post('/api/support/messages', {
        email: plain.email,
        name: plain.name,
        category: 'account',
        subject: plain.subject,
        message: plain.message,
      }),
      await post('/api/affiliate-requests', {
        ...affiliateRequest(),
        name: plain.name,
        email: plain.email,
        phone: plain.phone,
      }),
      await post('/api/partnership-requests', {
        ...partnershipRequest(),
        companyName: plain.company,
        contactName: plain.name,
        email: plain.email,
      }),
      await post('/api/service-suggestions', { suggestion: plain.message, email: plain.email }),
    ];
    for (const reply of sent) expect(reply.status).toBe(201);
    for (const reply of sent) expect((await visibleToAdmin(reply.body.id as string)).email).toBe(plain.email);

    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    const { rows } = await client.query<{ text: string }>(
      `SELECT event_type || data::text || metadata::text AS text FROM es_events WHERE event_type = 'InquiryReceived'`,
    );
    await client.end();
    const log = rows.map((r) => r.text).join('\n');
    expect(log).toContain('"kind": "partnership"');
    for (const value of Object.values(plain)) expect(log).not.toContain(value);
    expect(log).not.toContain(tag);
  });

  it('an erasure request destroys the keys of every inquiry from that address and records who erased each', async () => {
    const email = `erase-${unique()}@example.com`;
    const first = await post('/api/support/messages', { ...supportMessage(), email, name: 'Erase Me' });
    const second = await post('/api/service-suggestions', { suggestion: 'Erase this too', email: email.toUpperCase() });
    const kept = await post('/api/support/messages', supportMessage());
    for (const reply of [first, second, kept]) await visibleToAdmin(reply.body.id as string);

    const by = { actor: { type: 'system' as const, id: 'shopctl:auditor' }, correlationId: randomUUID() };
    const erased = await shop.runtime.inquiries.eraseSender({ email }, by);
    expect(erased.sort()).toEqual([first.body.id, second.body.id].sort());
    // The read model follows the event: no rebuild needed.
    expect(await visibleToAdmin(first.body.id as string, (i) => i.email === '[erased]')).toMatchObject({
      email: '[erased]',
      name: '[erased]',
      subject: '[erased]',
      details: { message: '[erased]' },
      category: 'payment',
    });
    expect(await visibleToAdmin(second.body.id as string, (i) => i.email === '[erased]')).toMatchObject({
      email: '[erased]',
      details: { suggestion: '[erased]' },
    });
    expect((await visibleToAdmin(kept.body.id as string)).email).toMatch(/^visitor-/);

    const stream = await shop.runtime.store.readStream(`inquiry-${first.body.id as string}`);
    expect(stream.map((event) => event.type)).toEqual(['InquiryReceived', 'InquiryErased']);
    expect(stream[1]!.metadata).toMatchObject({ actor: by.actor, correlationId: by.correlationId });
    // Asked again: nothing left to erase, nothing more recorded.
    expect(await shop.runtime.inquiries.eraseSender({ email }, by)).toEqual([]);
    expect(await shop.runtime.store.readStream(`inquiry-${first.body.id as string}`)).toHaveLength(2);

    // A rebuild shows the same.
    await rebuildProjection({
      knex: shop.runtime.knex,
      databaseUrl: shop.runtime.databaseUrl,
      store: shop.runtime.store,
      vault: shop.runtime.vault,
      projection: inquiriesProjection,
    });
    expect(await visibleToAdmin(first.body.id as string)).toMatchObject({ email: '[erased]', name: '[erased]' });
  });

  it("erases the operator's replies with the inquiry, and no reply can follow", async () => {
    const email = `erase-replied-${unique()}@example.com`;
    const id = (await post('/api/support/messages', { ...supportMessage(), email })).body.id as string;
    await visibleToAdmin(id);
    const reply = (message: string) =>
      call('POST', `/api/admin/inquiries/${id}/replies`, { token: admin.token, body: { message } });
    expect((await reply('Bonjour, nous regardons cela.')).status).toBe(201);

    const by = { actor: { type: 'system' as const, id: 'shopctl:auditor' }, correlationId: randomUUID() };
    expect(await shop.runtime.inquiries.eraseSender({ email }, by)).toEqual([id]);
    const thread = await eventually(
      () => call('GET', `/api/admin/inquiries/${id}/replies`, { token: admin.token }),
      (r) => (r.body as unknown as Array<{ message: string }>)[0]?.message === '[erased]',
    );
    expect(thread.body).toMatchObject([{ message: '[erased]', repliedBy: admin.userId }]);
    const refused = await reply('Encore un mot ?');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'inquiry.erased' });
  });
});

async function countInquiryEvents(): Promise<number> {
  const client = new pg.Client({ connectionString: shop.database.url });
  await client.connect();
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id LIKE 'inquiry-%'`);
  await client.end();
  return rows[0].n as number;
}
