import type { AccountingDocumentView } from '@shop/contracts';
import type { Language } from '@shop/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../config.js';
import { TEST_SELLER } from '../testing/seller.js';
import { drawable, renderAccountingDocumentPdf } from './invoice-pdf.js';

const INVOICE: AccountingDocumentView = {
  id: 'invoice:sub-1:pay-1',
  number: 'F2026-000001',
  kind: 'invoice',
  issuedAt: '2026-11-26T10:00:00.000Z',
  subscriptionId: 'sub-1',
  userId: 'user-1',
  customerName: 'Élodie Martin',
  companyName: 'Martin Conseil SARL',
  vatNumber: 'FR12345678901',
  country: 'FR',
  vatRate: 0.2,
  netCents: 1133,
  vatCents: 226,
  grossCents: 1359,
  currency: 'EUR',
  correctsNumber: null,
  planName: 'Netflix',
  months: 3,
  periodFrom: '2026-11-26T10:00:00.000Z',
  periodTo: '2027-02-26T10:00:00.000Z',
  paymentReference: 'pay-1',
  provider: 'stripe',
  paidAt: '2026-11-25T09:00:00.000Z',
};

const CREDIT_NOTE: AccountingDocumentView = {
  ...INVOICE,
  id: 'credit:sub-1:pay-1:500',
  number: 'A2026-000001',
  kind: 'credit_note',
  issuedAt: '2026-12-02T08:00:00.000Z',
  companyName: null,
  vatNumber: null,
  netCents: -417,
  vatCents: -83,
  grossCents: -500,
  correctsNumber: 'F2026-000001',
};

const SWISS: AccountingDocumentView = {
  ...INVOICE,
  number: 'F2026-000002',
  country: 'CH',
  companyName: null,
  vatNumber: null,
  vatRate: 0,
  netCents: 1359,
  vatCents: 0,
};

/** The PDF's text, its spaces (no-break ones included) made single plain spaces. */
async function textOf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const plain = (text: string) => text.replace(/\s+/g, ' ');

/** Renders the document, expects its PDF to carry each of the mentions, and answers its text. */
async function expectMentions(
  document: AccountingDocumentView,
  language: Language,
  mentions: readonly string[],
): Promise<string> {
  const text = await textOf(await renderAccountingDocumentPdf(document, TEST_SELLER, language));
  for (const mention of mentions) expect(text, mention).toContain(mention);
  return text;
}

describe('the PDF of an invoice', () => {
  it('carries every mention French law asks for, in French', async () => {
    const text = await expectMentions(INVOICE, 'fr', [
      'Facture F2026-000001',
      "Date d'émission : 26 novembre 2026",
      'Premium Share SAS',
      '12 rue de la Paix',
      '75002 Paris',
      'France',
      'N° TVA intracommunautaire : FR44732829320',
      'SIREN/SIRET : 73282932000074',
      'Élodie Martin',
      'Martin Conseil SARL',
      'N° TVA : FR12345678901',
      'Abonnement Netflix — 3 mois',
      'Période du 26 novembre 2026 au 26 février 2027',
      'Prix unitaire HT',
      plain('Total HT 11,33 €'),
      plain('TVA 20 % 2,26 €'),
      plain('Total TTC 13,59 €'),
      'Moyen de paiement : Stripe',
      'Date de paiement : 25 novembre 2026',
    ]);
    expect(text).not.toContain('TVA non applicable');
    expect(text).not.toContain('DÉMONSTRATION');
  });

  it('carries every mention in English', async () => {
    await expectMentions(INVOICE, 'en', [
      'Invoice F2026-000001',
      'Issue date: 26 November 2026',
      'Premium Share SAS',
      'VAT number: FR44732829320',
      'Company number (SIREN/SIRET): 73282932000074',
      'Élodie Martin',
      'Martin Conseil SARL',
      'VAT number: FR12345678901',
      'Netflix subscription — 3 months',
      'Period from 26 November 2026 to 26 February 2027',
      'Unit price excl. VAT',
      'Total excl. VAT €11.33',
      'VAT 20% €2.26',
      'Total incl. VAT €13.59',
      'Payment method: Stripe',
      'Payment date: 25 November 2026',
    ]);
  });

  it.each(['fr', 'en'] as const)(
    'draws the line sold below its column headings, however many lines they take (%s)',
    async (language) => {
      const pdf = await renderAccountingDocumentPdf(INVOICE, TEST_SELLER, language);
      const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
      const items = (await page.getTextContent()).items as Array<{ str: string; transform: number[] }>;
      // Heights grow upwards in a PDF: the headings' lines stand above the line sold, within a few lines.
      const baseline = (item: { transform: number[] }) => item.transform[5]!;
      const lineSold = baseline(items.find((item) => /Abonnement Netflix|Netflix subscription/.test(item.str))!);
      const headings = items.filter((item) => baseline(item) > lineSold && baseline(item) < lineSold + 60);
      expect(headings.map((item) => item.str).join(' ')).toMatch(language === 'fr' ? /Prix unitaire/ : /Unit price/);
      // The rule between them and its margins: a heading's last line is never drawn across.
      expect(Math.min(...headings.map(baseline)) - lineSold).toBeGreaterThanOrEqual(20);
    },
  );

  it('outside the EU, says why no VAT is charged, in either language', async () => {
    const fr = await textOf(await renderAccountingDocumentPdf(SWISS, TEST_SELLER, 'fr'));
    expect(fr).toContain('TVA non applicable, art. 259 B du CGI');
    expect(fr).toContain('Suisse');
    expect(fr).toContain(plain('TVA 0 % 0,00 €'));
    const en = await textOf(await renderAccountingDocumentPdf(SWISS, TEST_SELLER, 'en'));
    expect(en).toContain('VAT not applicable (supply outside the EU)');
    expect(en).toContain('Switzerland');
  });

  it('says plainly when the seller is the fictitious one of a demonstration shop', async () => {
    const text = await textOf(await renderAccountingDocumentPdf(INVOICE, DEMO_SELLER, 'fr'));
    expect(text).toContain('DOCUMENT DE DÉMONSTRATION');
    expect(text).toContain('PremiumShare (DÉMONSTRATION');
  });
});

describe('the PDF of a credit note', () => {
  it('names the invoice it corrects, with negative amounts, in French', async () => {
    await expectMentions(CREDIT_NOTE, 'fr', [
      'Avoir A2026-000001',
      'Avoir sur la facture F2026-000001',
      "Date d'émission : 2 décembre 2026",
      'Premium Share SAS',
      'N° TVA intracommunautaire : FR44732829320',
      'SIREN/SIRET : 73282932000074',
      'Élodie Martin',
      'Abonnement Netflix — 3 mois',
      'Période du 26 novembre 2026 au 26 février 2027',
      plain('Total HT -4,17 €'),
      plain('TVA 20 % -0,83 €'),
      plain('Total TTC -5,00 €'),
      'Moyen de paiement : Stripe',
      'Date du paiement remboursé : 25 novembre 2026',
    ]);
  });

  it('and in English', async () => {
    await expectMentions(CREDIT_NOTE, 'en', [
      'Credit note A2026-000001',
      'Credit note for invoice F2026-000001',
      'Issue date: 2 December 2026',
      'Total excl. VAT -€4.17',
      'VAT 20% -€0.83',
      'Total incl. VAT -€5.00',
      'Payment method: Stripe',
      'Date of the refunded payment: 25 November 2026',
    ]);
  });
});

describe("the buyer's name", () => {
  it('is written as the customer spells it, in the scripts of the EU: Latin with its accents, Greek, Cyrillic', async () => {
    for (const [customerName, country] of [
      ['Łukasz Wiśniewski', 'PL'],
      ['Jiří Dvořák', 'CZ'],
      ['Ștefan Țurcanu', 'RO'],
      ['Γιώργος Παπαδόπουλος', 'GR'],
      ['Иван Петров', 'BG'],
    ] as const) {
      const text = await textOf(
        await renderAccountingDocumentPdf({ ...INVOICE, customerName, country }, TEST_SELLER, 'en'),
      );
      expect(text, country).toContain(customerName);
    }
  });
});

describe('drawable', () => {
  it('keeps what the font draws and replaces the rest', () => {
    expect(drawable('13,59\u202f€ — Zoë Łukasz')).toBe('13,59\u202f€ — Zoë Łukasz');
    expect(drawable('Ŝimon 李')).toBe('Ŝimon ?');
    expect(drawable('12 rue de la Paix\n75002\u3000Paris')).toBe('12 rue de la Paix\n75002 Paris');
  });
});
