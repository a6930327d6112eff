import { TINTS, TintedField, type Tint } from '../../components/record-chips';
import type { InvoiceKind } from './invoice-vocabulary';

/** Blue for an invoice, orange for a credit note (money given back). */
const COLOURS: Record<InvoiceKind, Tint> = {
  invoice: TINTS.blue,
  credit_note: TINTS.orange,
};

/** The document's kind as a coloured chip: Facture or Avoir. */
export const InvoiceKindChip = () => <TintedField source="kind" tints={COLOURS} messages="shop.invoices.kinds" />;
