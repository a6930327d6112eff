import type { AccountingDocumentView, VatReport } from '@shop/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  randomIp,
  requestJson,
  signUpAdmin,
  signUpAndSignIn,
  type HttpCustomer,
  type JsonRequest,
} from '../testing/http-customer.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { startSmtpCapture } from '../testing/smtp-capture.js';
import { eventually } from '../testing/test-shop.js';
import { getSubscription } from '@shop/projections';
import { DEMO_SELLER } from '../config.js';
import { createLogger } from '../infrastructure/logger.js';
import { NotYetError } from '../jobs/not-yet.js';
import { INVOICE_ATTACHMENT_WAIT_MS, invoiceAttachments } from './invoice-mail.js';

const smtp = useStandIn('smtp', () => startSmtpCapture((raw, to) => ({ raw, to })));
const shop = useTestShop('invoice-routes', { env: () => ({ SMTP_URL: smtp.url }), plans: true });

const IP = '10.93';
const request = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { redirect: 'manual', ip: randomIp(IP), ...options });

/** A raw answer (a PDF, a CSV): its status, headers and bytes. */
async function download(path: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${shop.url}${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': randomIp(IP), ...headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text of a PDF, its spaces (no-break ones included) made single plain spaces. */
async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Expects the PDF to read each of `mentions`, naming the one it misses. */
async function expectPdfMentions(bytes: Buffer | Uint8Array, mentions: readonly string[]): Promise<void> {
  const text = await pdfText(bytes);
  for (const mention of mentions) expect(text, mention).toContain(mention);
}

const documentsOf = async (token: string, accept: (docs: AccountingDocumentView[]) => boolean) =>
  (
    await eventually(
      () => request('GET', '/api/me/invoices', { token }),
      (reply) => reply.status === 200 && accept(reply.body.data as AccountingDocumentView[]),
    )
  ).body.data as AccountingDocumentView[];

/** Three months of Netflix (13,59 €) ordered and paid on the sandbox page, billed as `billing`; its invoice once issued. */
async function paidNetflix(label: string, fullName: string, billing: Record<string, string>) {
  const customer = await signUpAndSignIn(shop.url, { label, fullName, ip: randomIp(IP) });
  const placed = await request('POST', '/api/orders', {
    token: customer.token,
    body: { planId: 'netflix', months: 3, provider: 'sandbox', ...billing },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const sessionId = String(placed.body.redirectUrl).split('/').pop()!;
  await request('POST', `/sandbox/sessions/${sessionId}/pay`, { token: customer.token });
  const [invoice] = await documentsOf(customer.token, (docs) => docs.some((d) => d.kind === 'invoice'));
  return { customer, subscriptionId: String(placed.body.subscriptionId), invoice: invoice! };
}

let admin: HttpCustomer;
let french: Awaited<ReturnType<typeof paidNetflix>>;
let german: Awaited<ReturnType<typeof paidNetflix>>;
let swiss: Awaited<ReturnType<typeof paidNetflix>>;
let creditNote: AccountingDocumentView;
let month: string;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'invoices-admin', ip: randomIp(IP) });
  french = await paidNetflix('elodie', 'Élodie Martin', { billingCountry: 'FR' });
  german = await paidNetflix('jonas', 'Jonas Becker', {
    billingCountry: 'DE',
    companyName: 'Becker Medien GmbH',
    vatNumber: 'DE123456789',
  });
  swiss = await paidNetflix('lea', 'Léa Favre', { billingCountry: 'CH' });
  const refund = await request('POST', `/api/admin/subscriptions/${french.subscriptionId}/refunds`, {
    token: admin.token,
    body: { amountCents: 500, reason: 'Service down for a week' },
  });
  expect(refund.status).toBe(201);
  const documents = await documentsOf(french.customer.token, (docs) => docs.some((d) => d.kind === 'credit_note'));
  creditNote = documents.find((d) => d.kind === 'credit_note')!;
  month = french.invoice.issuedAt.slice(0, 7);
}, 60_000);

describe("the customer's invoices", () => {
  it('lists the invoice of the payment, with the VAT of the billing country', () => {
    expect(french.invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^F\d{4}-\d{6}$/),
      country: 'FR',
      vatRate: 0.2,
      grossCents: 1359,
      netCents: 1133,
      vatCents: 226,
      currency: 'EUR',
      customerName: 'Élodie Martin',
      planName: 'Netflix',
      months: 3,
    });
    expect(german.invoice).toMatchObject({ country: 'DE', vatRate: 0.19, netCents: 1142, vatCents: 217 });
    expect(swiss.invoice).toMatchObject({ country: 'CH', vatRate: 0, netCents: 1359, vatCents: 0 });
    expect(creditNote).toMatchObject({
      number: expect.stringMatching(/^A\d{4}-\d{6}$/),
      correctsNumber: french.invoice.number,
      grossCents: -500,
      netCents: -417,
      vatCents: -83,
    });
  });

  it("downloads its PDF, for its owner only, in the customer's language", async () => {
    const pdf = await download(`/api/me/invoices/${encodeURIComponent(french.invoice.id)}/pdf`, french.customer.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${french.invoice.number}.pdf"`);
    await expectPdfMentions(pdf.bytes, [
      `Facture ${french.invoice.number}`,
      'Élodie Martin',
      'Total HT 11,33 €',
      'TVA 20 % 2,26 €',
      'Total TTC 13,59 €',
    ]);

    const credit = await download(`/api/me/invoices/${encodeURIComponent(creditNote.id)}/pdf`, french.customer.token);
    expect(await pdfText(credit.bytes)).toContain(`Avoir sur la facture ${french.invoice.number}`);

    // The page the customer reads asks for its language: the same invoice in English.
    const english = await download(
      `/api/me/invoices/${encodeURIComponent(french.invoice.id)}/pdf?lang=en`,
      french.customer.token,
    );
    expect(await pdfText(english.bytes)).toContain(`Invoice ${french.invoice.number}`);
    const badLanguage = await request('GET', `/api/me/invoices/${encodeURIComponent(french.invoice.id)}/pdf?lang=de`, {
      token: french.customer.token,
    });
    expect(badLanguage).toMatchObject({ status: 400, body: { code: 'validation.failed' } });

    const swissPdf = await pdfText(
      (await download(`/api/me/invoices/${encodeURIComponent(swiss.invoice.id)}/pdf`, swiss.customer.token)).bytes,
    );
    expect(swissPdf).toContain('TVA non applicable, art. 259 B du CGI');

    const someoneElse = await request('GET', `/api/me/invoices/${encodeURIComponent(french.invoice.id)}/pdf`, {
      token: german.customer.token,
    });
    expect(someoneElse).toMatchObject({ status: 404, body: { code: 'invoice.not_found' } });
    expect(someoneElse.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const unknown = await request('GET', '/api/me/invoices/invoice:nothing:here/pdf', { token: german.customer.token });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'invoice.not_found' } });
    expect((await request('GET', `/api/me/invoices/${encodeURIComponent(french.invoice.id)}/pdf`)).status).toBe(401);
  });

  it('sends the invoice with the payment confirmation', async () => {
    const mail = await eventually(
      async () =>
        smtp.messages.find(
          (m) => m.to.includes(french.customer.email) && /Content-Type: application\/pdf/i.test(m.raw),
        ) ?? null,
      (found) => found !== null,
    );
    const part =
      /Content-Type: application\/pdf;[^\r\n]*(?:\r\n[ \t][^\r\n]*)*\r\n((?:[^\r\n]+\r\n)*)\r\n([A-Za-z0-9+/=\r\n]+)/i.exec(
        mail!.raw,
      );
    expect(part, 'a PDF part').not.toBeNull();
    expect(`${mail!.raw}`).toContain(`${french.invoice.number}.pdf`);
    const text = await pdfText(Buffer.from(part![2]!.replace(/\s+/g, ''), 'base64'));
    expect(text).toContain(`Facture ${french.invoice.number}`);
    expect(text).toContain('Total TTC 13,59 €');
  });
});

describe('the invoice sent with a confirmation', () => {
  const deps = (at: string, afterMs: number) => ({
    knex: shop.runtime.knex,
    clock: () => new Date(Date.parse(at) + afterMs),
    logger: createLogger({ level: 'silent' }),
    seller: DEMO_SELLER,
  });

  it("finds a renewal's invoice by the end of its period, and waits for one not issued yet at most ten minutes", async () => {
    const subscription = (await getSubscription(shop.runtime.knex, german.subscriptionId))!;
    const at = new Date().toISOString();
    const job = { at, mailId: 'mail-1', expiresAt: german.invoice.periodTo, amountCents: 1359 };
    const [renewal] = await invoiceAttachments(deps(at, 0), 'renewal_confirmed', subscription, job, 'en');
    expect(renewal).toMatchObject({ filename: `${german.invoice.number}.pdf`, contentType: 'application/pdf' });
    expect(await pdfText(renewal!.content)).toContain(`Invoice ${german.invoice.number}`);

    const notYet = { ...job, expiresAt: '2099-01-01T00:00:00.000Z' };
    await expect(
      invoiceAttachments(deps(at, INVOICE_ATTACHMENT_WAIT_MS - 1000), 'renewal_confirmed', subscription, notYet, 'fr'),
    ).rejects.toBeInstanceOf(NotYetError);
    expect(
      await invoiceAttachments(
        deps(at, INVOICE_ATTACHMENT_WAIT_MS + 1000),
        'renewal_confirmed',
        subscription,
        notYet,
        'fr',
      ),
    ).toEqual([]);
    // Other news carries nothing; a free renewal has no invoice to wait for.
    expect(await invoiceAttachments(deps(at, 0), 'credentials_ready', subscription, job, 'fr')).toEqual([]);
    expect(
      await invoiceAttachments(deps(at, 0), 'renewal_confirmed', subscription, { ...notYet, amountCents: 0 }, 'fr'),
    ).toEqual([]);
  });
});

describe("the back-office's invoices", () => {
  const list = async (query: Record<string, unknown>, token = admin.token) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)] as [string, string]),
    );
    return request('GET', `/api/admin/invoices?${params.toString()}`, { token });
  };
  const numbers = (reply: Awaited<ReturnType<typeof list>>) =>
    (reply.body as unknown as AccountingDocumentView[]).map((d) => d.number);

  it('lists every document, sorted by number, filtered by kind, words, and issue days', async () => {
    const all = await list({ sort: ['number', 'ASC'], range: [0, 24] });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('invoices 0-3/4');
    expect(numbers(all)).toEqual(
      [french.invoice, german.invoice, swiss.invoice, creditNote].map((d) => d.number).sort(),
    );
    expect(numbers(await list({ sort: ['number', 'DESC'] }))).toEqual(numbers(all).reverse());

    expect(numbers(await list({ filter: { kind: 'credit_note' } }))).toEqual([creditNote.number]);
    expect(numbers(await list({ filter: { q: french.invoice.number } }))).toEqual([french.invoice.number]);
    expect(numbers(await list({ filter: { q: 'becker medien' } }))).toEqual([german.invoice.number]);
    expect(numbers(await list({ filter: { q: 'élodie', kind: 'invoice' } }))).toEqual([french.invoice.number]);

    const today = french.invoice.issuedAt.slice(0, 10);
    expect(numbers(await list({ filter: { from: today, until: today } }))).toHaveLength(4);
    expect(numbers(await list({ filter: { until: '2020-01-01' } }))).toEqual([]);
    expect(numbers(await list({ filter: { from: '2999-01-01' } }))).toEqual([]);
    const afterSwiss = new Date(Date.parse(swiss.invoice.issuedAt) + 1).toISOString();
    expect(numbers(await list({ filter: { from: afterSwiss } }))).toEqual([creditNote.number]);
    expect(numbers(await list({ filter: { userId: german.customer.userId } }))).toEqual([german.invoice.number]);
    expect(numbers(await list({ filter: { id: [swiss.invoice.id] } }))).toEqual([swiss.invoice.number]);

    for (const bad of [{ kind: 'receipt' }, { from: '26/11/2026' }, { colour: 'red' }]) {
      expect(await list({ filter: bad }), JSON.stringify(bad)).toMatchObject({
        status: 400,
        body: { code: 'validation.failed' },
      });
    }
    expect(await list({ sort: ['customerName', 'ASC'] })).toMatchObject({ status: 400 });
    expect((await list({}, french.customer.token)).status).toBe(403);
  });

  it('shows one document and its PDF in the language asked', async () => {
    const one = await request('GET', `/api/admin/invoices/${encodeURIComponent(german.invoice.id)}`, {
      token: admin.token,
    });
    expect(one).toMatchObject({
      status: 200,
      body: { number: german.invoice.number, companyName: 'Becker Medien GmbH' },
    });
    expect(await request('GET', '/api/admin/invoices/nothing', { token: admin.token })).toMatchObject({
      status: 404,
      body: { code: 'invoice.not_found' },
    });
    const pdf = await download(`/api/admin/invoices/${encodeURIComponent(german.invoice.id)}/pdf`, admin.token, {
      'Accept-Language': 'en-GB,en;q=0.9',
    });
    expect(pdf.status).toBe(200);
    await expectPdfMentions(pdf.bytes, [
      `Invoice ${german.invoice.number}`,
      'Becker Medien GmbH',
      'VAT number: DE123456789',
      'Germany',
      'VAT 19% €2.17',
      'Total incl. VAT €13.59',
    ]);
    const french_ = await download(
      `/api/admin/invoices/${encodeURIComponent(german.invoice.id)}/pdf?lang=fr`,
      admin.token,
    );
    expect(await pdfText(french_.bytes)).toContain(`Facture ${german.invoice.number}`);
    expect(
      (await download(`/api/admin/invoices/${encodeURIComponent(german.invoice.id)}/pdf`, french.customer.token))
        .status,
    ).toBe(403);
  });
});

describe("the accountant's VAT report", () => {
  it('sums the month per country and rate, credit notes deducted, and records the export', async () => {
    const reply = await request('GET', `/api/admin/reports/vat?month=${month}`, { token: admin.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const report = reply.body as unknown as VatReport;
    expect(report).toEqual({
      month,
      currency: 'EUR',
      data: [
        { country: 'CH', rate: 0, netCents: 1359, vatCents: 0, grossCents: 1359, documents: 1 },
        { country: 'DE', rate: 0.19, netCents: 1142, vatCents: 217, grossCents: 1359, documents: 1 },
        { country: 'FR', rate: 0.2, netCents: 1133 - 417, vatCents: 226 - 83, grossCents: 859, documents: 2 },
      ],
      totals: {
        netCents: 1359 + 1142 + 716,
        vatCents: 217 + 143,
        grossCents: 1359 * 3 - 500,
        documents: 4,
      },
    });
    for (const bad of ['2026-13', '2026-1', 'november', '']) {
      expect(await request('GET', `/api/admin/reports/vat?month=${bad}`, { token: admin.token }), bad).toMatchObject({
        status: 400,
        body: { code: 'validation.failed' },
      });
    }
    expect((await request('GET', '/api/admin/reports/vat', { token: admin.token })).status).toBe(400);
    expect(
      (await request('GET', `/api/admin/reports/vat?month=${month}`, { token: french.customer.token })).status,
    ).toBe(403);
  });

  it('gives the month as CSV, one line per document, and records the export', async () => {
    const csv = await download(`/api/admin/reports/vat.csv?month=${month}`, admin.token);
    expect(csv.status, csv.bytes.toString('utf8')).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="documents-\d{4}-\d{2}\.csv"/);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,kind,issued_at,customer,company,vat_number,country,vat_rate_percent,net,vat,gross,currency,corrects',
    );
    expect(lines).toHaveLength(5);
    const line = (number: string) => lines.find((l) => l.startsWith(`${number},`));
    expect(line(german.invoice.number)).toBe(
      `${german.invoice.number},invoice,${german.invoice.issuedAt},Jonas Becker,Becker Medien GmbH,DE123456789,DE,19,11.42,2.17,13.59,EUR,`,
    );
    expect(line(swiss.invoice.number)).toMatch(/,Léa Favre,,,CH,0,13\.59,0\.00,13\.59,EUR,$/);
    expect(line(creditNote.number)).toBe(
      `${creditNote.number},credit_note,${creditNote.issuedAt},Élodie Martin,,,FR,20,-4.17,-0.83,-5.00,EUR,${french.invoice.number}`,
    );
    expect((await download(`/api/admin/reports/vat.csv?month=2026-00`, admin.token)).status).toBe(400);

    const stream = `exports-${new Date().toISOString().slice(0, 7)}`;
    const exports = (await shop.runtime.store.readStream(stream)).filter(
      (event) => event.type === 'DataExported' && (event.data as { resource: string }).resource === 'invoices',
    );
    expect(exports.map((event) => event.data)).toEqual([
      expect.objectContaining({ resource: 'invoices', filters: ['month'], rowCount: 3, exportedBy: admin.userId }),
      expect.objectContaining({ resource: 'invoices', filters: ['month'], rowCount: 4, exportedBy: admin.userId }),
    ]);
    for (const event of exports) expect(event.metadata).toMatchObject({ actor: { type: 'admin', id: admin.userId } });
    expect(JSON.stringify(exports)).not.toContain('Becker');
  });
});
