import { accountingSeriesStreamId, subscriptionStreamId } from '@shop/domain';
import { ALL_PROJECTIONS, activeState, physicalTableName, rebuildProjection } from '@shop/projections';
import type { AccountingDocumentView } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

/**
 * The shop's clock: set by the test, then running on as real time does. The books are played in
 * December 2025 and January 2026, before the database's own clock, as every instant of the shop is.
 */
let setAt = { shop: Date.parse('2025-12-10T10:00:00.000Z'), real: Date.now() };
const shopNow = () => new Date(setAt.shop + (Date.now() - setAt.real));
const setClock = (instant: string) => {
  setAt = { shop: Date.parse(instant), real: Date.now() };
};

const shop = useTestShop('invoicing', { clock: shopNow, plans: true });

const call = (who: HttpCustomer, method: string, path: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token: who.token, ...(body === undefined ? {} : { body }) });

const customer = (label: string, fullName: string) =>
  signUpAndSignIn(shop.url, { label, fullName, ip: randomIp('10.61') });

/** Orders three months of Netflix (13,59 €) billed to `billingCountry`; answers the order and its sandbox session. */
async function order(who: HttpCustomer, billing: { billingCountry: string; companyName?: string; vatNumber?: string }) {
  const placed = await call(who, 'POST', '/api/orders', {
    planId: 'netflix',
    months: 3,
    provider: 'sandbox',
    ...billing,
  });
  expect(placed.status).toBe(201);
  return {
    subscriptionId: String(placed.body.subscriptionId),
    sessionId: String(placed.body.redirectUrl).split('/').at(-1)!,
  };
}

/** The customer presses Pay on the sandbox's page (which then sends the browser back to the shop). */
const pay = (who: HttpCustomer, sessionId: string) =>
  fetch(`${shop.url}/sandbox/sessions/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Authorization: `Bearer ${who.token}` },
  });

async function myDocuments(who: HttpCustomer, count: number): Promise<AccountingDocumentView[]> {
  const documents = await eventually(
    async () => ((await call(who, 'GET', '/api/me/invoices')).body.data as AccountingDocumentView[] | undefined) ?? [],
    (list) => list.length >= count,
    20_000,
  );
  expect(documents).toHaveLength(count);
  return documents;
}

const numbersOf = (documents: readonly AccountingDocumentView[]) => documents.map((d) => d.number).sort();

describe('invoices and credit notes', () => {
  it('invoices each payment with the VAT of the buyer’s country: France, Belgium, Germany, and none in Switzerland', async () => {
    const expected = [
      { country: 'FR', vatRate: 0.2, netCents: 1133, vatCents: 226 },
      { country: 'BE', vatRate: 0.21, netCents: 1123, vatCents: 236 },
      { country: 'DE', vatRate: 0.19, netCents: 1142, vatCents: 217 },
      { country: 'CH', vatRate: 0, netCents: 1359, vatCents: 0 },
    ];
    for (const [index, vat] of expected.entries()) {
      const who = await customer(`vat-${vat.country}`, `Client ${vat.country}`);
      const billing =
        index === 1
          ? { billingCountry: 'be', companyName: 'Belgo SPRL', vatNumber: 'BE0123456789' }
          : { billingCountry: vat.country };
      const { subscriptionId, sessionId } = await order(who, billing);
      expect((await pay(who, sessionId)).status).toBe(303);
      const [invoice] = await myDocuments(who, 1);
      expect(invoice).toMatchObject({
        kind: 'invoice',
        subscriptionId,
        userId: who.userId,
        customerName: `Client ${vat.country}`,
        grossCents: 1359,
        currency: 'EUR',
        planName: 'Netflix',
        months: 3,
        correctsNumber: null,
        ...vat,
      });
      expect(invoice!.number).toMatch(/^F2025-\d{6}$/);
      if (index === 1) expect(invoice).toMatchObject({ companyName: 'Belgo SPRL', vatNumber: 'BE0123456789' });
    }
  });

  it('numbers thirty payments made at once without a gap or a duplicate', async () => {
    const who = await customer('thirty', 'Client Trente');
    const orders = [];
    for (let i = 0; i < 30; i++) orders.push(await order(who, { billingCountry: 'FR' }));
    const paid = await Promise.all(orders.map(({ sessionId }) => pay(who, sessionId)));
    expect(paid.map((res) => res.status)).toEqual(Array.from({ length: 30 }, () => 303));
    const documents = await myDocuments(who, 30);
    expect(new Set(documents.map((d) => d.subscriptionId)).size).toBe(30);
    // The whole series, every customer's: one number each, from 1 without a hole.
    const series = await shop.runtime.store.readStream(accountingSeriesStreamId('invoice', 2025));
    const sequences = series.map((event) => (event.data as { sequence: number }).sequence);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    const numbers = series.map((event) => (event.data as { number: string }).number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbersOf(documents).every((number) => numbers.includes(number))).toBe(true);
  });

  it('gives a credit note for a partial refund and one for the rest, each correcting the invoice, in their own series', async () => {
    const admin = await signUpAdmin(shop, { label: 'accountant', ip: randomIp('10.61') });
    const who = await customer('refunded', 'Client Remboursé');
    const { subscriptionId, sessionId } = await order(who, { billingCountry: 'FR' });
    await pay(who, sessionId);
    const [invoice] = await myDocuments(who, 1);
    const refund = (amountCents: number) =>
      call(admin, 'POST', `/api/admin/subscriptions/${subscriptionId}/refunds`, { amountCents, reason: 'Geste' });
    expect((await refund(500)).status).toBe(201);
    await myDocuments(who, 2);
    expect((await refund(859)).status).toBe(201);
    const documents = await myDocuments(who, 3);
    const credits = documents.filter((d) => d.kind === 'credit_note').sort((a, b) => a.number.localeCompare(b.number));
    expect(credits.map((c) => [c.grossCents, c.netCents + c.vatCents, c.correctsNumber, c.vatRate])).toEqual([
      [-500, -500, invoice!.number, 0.2],
      [-859, -859, invoice!.number, 0.2],
    ]);
    expect(credits[0]!.netCents).toBe(-417);
    expect(credits.map((c) => c.number)).toEqual(['A2025-000001', 'A2025-000002']);
    // The subscription's own events name no number: numbers are the series' alone.
    const history = await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
    expect(history.some((event) => JSON.stringify(event.data).includes('F2025-'))).toBe(false);
  });

  it('starts a new series with the new year', async () => {
    const who = await customer('new-year', 'Client Nouvel An');
    setClock('2025-12-31T23:58:00.000Z');
    const before = await order(who, { billingCountry: 'FR' });
    await pay(who, before.sessionId);
    await myDocuments(who, 1);
    setClock('2026-01-01T00:01:00.000Z');
    const after = await order(who, { billingCountry: 'FR' });
    await pay(who, after.sessionId);
    const documents = await myDocuments(who, 2);
    const numbers = documents.map((d) => d.number);
    expect(numbers.some((n) => /^F2025-\d{6}$/.test(n))).toBe(true);
    expect(numbers).toContain('F2026-000001');
  });

  it('keeps the name as billed on an erased customer’s invoices, and nothing else of theirs', async () => {
    const admin = await signUpAdmin(shop, { label: 'eraser', ip: randomIp('10.61') });
    const who = await customer('erased', 'Client Effacé');
    const { sessionId } = await order(who, { billingCountry: 'BE' });
    await pay(who, sessionId);
    const [invoice] = await myDocuments(who, 1);
    expect((await call(admin, 'DELETE', `/api/admin/users/${who.userId}`)).status).toBe(200);
    await eventually(
      () => shop.runtime.knex('accounts').where({ id: who.userId }).first('full_name'),
      (row) => row?.full_name === '[erased]',
    );
    const kept = await shop.runtime
      .knex('accounting_documents')
      .where({ id: invoice!.id })
      .first('customer_name', 'country', 'number');
    expect(kept).toEqual({ customer_name: 'Client Effacé', country: 'BE', number: invoice!.number });
  });

  it('gives the same documents, numbers and amounts when the read model is rebuilt from the log', async () => {
    const { knex, store, vault } = shop.runtime;
    const projection = ALL_PROJECTIONS.find((p) => p.name === 'accounting')!;
    const live = (await activeState(knex, projection.name))!.generation;
    const { generation } = await rebuildProjection({
      knex,
      databaseUrl: shop.database.url,
      store,
      projection,
      vault,
    });
    const rows = (g: number) => knex(physicalTableName('accounting_documents', g)).orderBy('id').select('*');
    const [liveRows, rebuiltRows] = await Promise.all([rows(live), rows(generation)]);
    expect(liveRows.length).toBeGreaterThanOrEqual(39);
    // The erased customer's name as billed opens again from the log: its key is the year's, not theirs.
    expect(rebuiltRows.map((row) => row.customer_name)).toContain('Client Effacé');
    expect(rebuiltRows).toEqual(liveRows);
  });
});
