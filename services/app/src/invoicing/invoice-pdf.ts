import { createRequire } from 'node:module';
import type { AccountingDocumentView } from '@shop/contracts';
import { isEuCountry, type Language } from '@shop/domain';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { SellerIdentity } from '../config.js';
import { formatMoney } from '../i18n/formatting.js';

/** The seller as the PDF names it: its settings, demonstration or not. */
export type InvoiceSeller = Omit<SellerIdentity, 'demo'> & { demo?: boolean };

const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-IE' };

const PROVIDER_NAMES: Record<string, string> = {
  stripe: 'Stripe',
  mollie: 'Mollie',
  paypal: 'PayPal',
  payssion: 'Payssion',
};

/** What the document says, in each language. */
const WORDS = {
  fr: {
    invoice: 'Facture',
    credit_note: 'Avoir',
    correcting: (number: string) => `Avoir sur la facture ${number}`,
    issuedOn: "Date d'émission",
    seller: 'Vendeur',
    buyer: 'Client',
    vatId: 'N° TVA intracommunautaire',
    companyId: 'SIREN/SIRET',
    buyerVat: 'N° TVA',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire HT',
    lineTotal: 'Total HT',
    subscription: (plan: string, months: number) => `Abonnement ${plan} — ${months} mois`,
    period: (from: string, to: string) => `Période du ${from} au ${to}`,
    totalNet: 'Total HT',
    vat: (rate: string) => `TVA ${rate}`,
    totalGross: 'Total TTC',
    paymentMethod: 'Moyen de paiement',
    paidOn: 'Date de paiement',
    refundedOn: 'Date du paiement remboursé',
    noVat: 'TVA non applicable, art. 259 B du CGI',
    currency: 'Devise',
    sandbox: 'Sandbox (paiement de test)',
    operator: "Réglé auprès de l'opérateur",
    freeOffer: 'Offre gratuite',
    demo: 'DOCUMENT DE DÉMONSTRATION — vendeur fictif, sans valeur comptable',
  },
  en: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    correcting: (number: string) => `Credit note for invoice ${number}`,
    issuedOn: 'Issue date',
    seller: 'Seller',
    buyer: 'Customer',
    vatId: 'VAT number',
    companyId: 'Company number (SIREN/SIRET)',
    buyerVat: 'VAT number',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price excl. VAT',
    lineTotal: 'Total excl. VAT',
    subscription: (plan: string, months: number) =>
      `${plan} subscription — ${months} ${months === 1 ? 'month' : 'months'}`,
    period: (from: string, to: string) => `Period from ${from} to ${to}`,
    totalNet: 'Total excl. VAT',
    vat: (rate: string) => `VAT ${rate}`,
    totalGross: 'Total incl. VAT',
    paymentMethod: 'Payment method',
    paidOn: 'Payment date',
    refundedOn: 'Date of the refunded payment',
    noVat: 'VAT not applicable (supply outside the EU)',
    currency: 'Currency',
    sandbox: 'Sandbox (test payment)',
    operator: 'Paid to the operator',
    freeOffer: 'Free offer',
    demo: 'DEMONSTRATION DOCUMENT — fictitious seller, no accounting value',
  },
} as const;

const formatDate = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const formatRate = (rate: number, language: Language) =>
  new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 2 }).format(rate);

const countryName = (code: string, language: Language) => {
  try {
    return new Intl.DisplayNames([LOCALES[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

function providerName(provider: string, language: Language): string {
  const words = WORDS[language];
  if (provider === 'sandbox') return words.sandbox;
  if (provider === 'operator') return words.operator;
  if (provider === 'free-offer' || provider === 'free_offer') return words.freeOffer;
  return PROVIDER_NAMES[provider] ?? provider;
}

/**
 * DejaVu Sans, embedded (its characters used, not the whole font): the PDF's standard fonts draw
 * Western European letters only, and a buyer named Łukasz, Γιώργος or Иван is named as they spell it.
 */
const FONTS = (() => {
  const resolve = createRequire(import.meta.url).resolve;
  return {
    regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
})();
const REGULAR = 'regular';
const BOLD = 'bold';

let drawn: fontkit.Font | undefined;
const hasGlyph = (char: string): boolean => {
  drawn ??= fontkit.openSync(FONTS.regular) as fontkit.Font;
  return drawn.hasGlyphForCodePoint(char.codePointAt(0)!);
};

/**
 * What the font draws of `text`: a character it lacks becomes its letter without accent when the
 * font has that, a space if it is one, a `?` otherwise (a name in a script it does not cover),
 * never an empty box.
 */
export function drawable(text: string): string {
  return [...text]
    .map((char) => {
      // Line breaks lay the text out; a space the font lacks is a space all the same.
      if (/[\n\r\t]/.test(char) || hasGlyph(char)) return char;
      if (/\s/.test(char)) return ' ';
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return base !== '' && [...base].every(hasGlyph) ? base : '?';
    })
    .join('');
}

/**
 * An invoice or a credit note as a PDF, in `language`, with what French law asks of it: its kind
 * and number, issue date, the seller's and the buyer's identity, what was sold and for which
 * period, the amounts excluding VAT, the rate and the VAT, the total including it, how and when it
 * was paid; a credit note names the invoice it corrects; outside the EU, why no VAT is charged.
 */
export function renderAccountingDocumentPdf(
  document: AccountingDocumentView,
  seller: InvoiceSeller,
  language: Language,
): Promise<Buffer> {
  const words = WORDS[language];
  const money = (cents: number) => formatMoney(cents, document.currency, language);
  const title = `${words[document.kind]} ${document.number}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: language,
    info: { Title: drawable(title), Author: drawable(seller.name), Subject: drawable(title) },
  });
  pdf.registerFont(REGULAR, FONTS.regular);
  pdf.registerFont(BOLD, FONTS.bold);
  pdf.font(REGULAR);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(drawable(text), options);
  const left = pdf.page.margins.left;
  const width = pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;

  if (seller.demo) {
    pdf.font(BOLD).fontSize(9).fillColor('#b00020');
    write(words.demo, { align: 'center' });
    pdf.fillColor('black').moveDown(0.5);
  }
  pdf.font(BOLD).fontSize(20);
  write(title);
  pdf.font(REGULAR).fontSize(10);
  if (document.correctsNumber) write(words.correcting(document.correctsNumber));
  write(`${label(words.issuedOn, language)}${formatDate(document.issuedAt, language)}`);
  pdf.moveDown(1.5);

  // The seller on the left, the buyer on the right.
  const top = pdf.y;
  const column = (width - 20) / 2;
  pdf.font(BOLD).fontSize(11);
  write(words.seller, { width: column });
  pdf.font(REGULAR).fontSize(10);
  write(seller.name, { width: column });
  for (const line of seller.address.split('\n')) write(line, { width: column });
  write(countryName(seller.country, language), { width: column });
  write(`${label(words.vatId, language)}${seller.vatId}`, { width: column });
  write(`${label(words.companyId, language)}${seller.companyId}`, { width: column });
  const sellerBottom = pdf.y;

  const right = left + column + 20;
  pdf.x = right;
  pdf.y = top;
  pdf.font(BOLD).fontSize(11);
  write(words.buyer, { width: column });
  pdf.font(REGULAR).fontSize(10);
  write(document.customerName, { width: column });
  if (document.companyName) write(document.companyName, { width: column });
  if (document.vatNumber) write(`${label(words.buyerVat, language)}${document.vatNumber}`, { width: column });
  write(countryName(document.country, language), { width: column });
  pdf.x = left;
  pdf.y = Math.max(sellerBottom, pdf.y) + 30;

  // The one line sold.
  const columns = {
    description: left,
    quantity: left + width * 0.52,
    unit: left + width * 0.6,
    total: left + width * 0.8,
  };
  /** Writes a cell and answers where it ends: a heading may take two lines in a narrow column. */
  const cell = (text: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left') => {
    pdf.text(drawable(text), x, y, { width: w, align });
    return pdf.y;
  };
  let y = pdf.y;
  pdf.font(BOLD).fontSize(9);
  // The rule goes under the heading that ends lowest ("Unit price excl. VAT" takes two lines).
  y =
    Math.max(
      cell(words.description, columns.description, y, width * 0.5),
      cell(words.quantity, columns.quantity, y, width * 0.07, 'right'),
      cell(words.unitPrice, columns.unit, y, width * 0.19, 'right'),
      cell(words.lineTotal, columns.total, y, width * 0.2, 'right'),
    ) + 6;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 6;
  pdf.font(REGULAR).fontSize(10);
  cell(words.subscription(document.planName, document.months), columns.description, y, width * 0.5);
  const lineTop = y;
  pdf.fontSize(9);
  write(words.period(formatDate(document.periodFrom, language), formatDate(document.periodTo, language)), {
    width: width * 0.5,
  });
  const lineBottom = pdf.y;
  pdf.fontSize(10);
  cell('1', columns.quantity, lineTop, width * 0.07, 'right');
  cell(money(document.netCents), columns.unit, lineTop, width * 0.19, 'right');
  cell(money(document.netCents), columns.total, lineTop, width * 0.2, 'right');
  y = lineBottom + 6;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 10;

  // The totals.
  const totals: Array<[string, string, boolean]> = [
    [words.totalNet, money(document.netCents), false],
    [words.vat(formatRate(document.vatRate, language)), money(document.vatCents), false],
    [words.totalGross, money(document.grossCents), true],
  ];
  for (const [name, amount, bold] of totals) {
    pdf.font(bold ? BOLD : REGULAR).fontSize(bold ? 11 : 10);
    cell(name, columns.unit - width * 0.1, y, width * 0.29, 'right');
    cell(amount, columns.total, y, width * 0.2, 'right');
    y = pdf.y + 4;
  }
  pdf.font(REGULAR).fontSize(10);
  pdf.x = left;
  pdf.y = y + 16;
  const outsideEu = document.vatRate === 0 && !isEuCountry(document.country);
  if (outsideEu) {
    pdf.font(BOLD);
    write(words.noVat, { width });
    pdf.font(REGULAR).moveDown(0.5);
  }
  write(`${label(words.paymentMethod, language)}${providerName(document.provider, language)}`, { width });
  const paidOn = document.kind === 'credit_note' ? words.refundedOn : words.paidOn;
  write(`${label(paidOn, language)}${formatDate(document.paidAt, language)}`, { width });
  write(`${label(words.currency, language)}${document.currency}`, { width });

  pdf.end();
  return done;
}

/** `Name : ` in French typography, `Name: ` in English. */
const label = (name: string, language: Language) => (language === 'fr' ? `${name}\u00a0: ` : `${name}: `);
