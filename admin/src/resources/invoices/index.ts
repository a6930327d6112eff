import InvoiceIcon from '@mui/icons-material/ReceiptLong';
import { lazyScreen } from '../../lib/lazy-screen';
import type { Invoice } from './invoice-vocabulary';

/** The invoices and credit notes issued: read only, as issued, each with its PDF. */
export default {
  list: lazyScreen(() => import('./invoice-list').then((m) => m.InvoiceList)),
  show: lazyScreen(() => import('./invoice-show').then((m) => m.InvoiceShow)),
  icon: InvoiceIcon,
  recordRepresentation: (invoice: Invoice) => invoice.number,
};
