import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, useLocaleState, useRecordContext } from 'react-admin';
import { useDownload } from '../../lib/use-download';
import type { Invoice } from './invoice-vocabulary';

/** "PDF": the document as issued (GET /api/admin/invoices/:id/pdf), in the operator's language, read with their session and saved. */
export function InvoicePdfButton() {
  const invoice = useRecordContext<Invoice>();
  const [locale] = useLocaleState();
  const { busy, download } = useDownload('shop.invoices.pdfError');
  if (!invoice) return null;

  const downloadPdf = () =>
    download(
      `/api/admin/invoices/${encodeURIComponent(invoice.id)}/pdf?${new URLSearchParams({ lang: locale === 'en' ? 'en' : 'fr' })}`,
      'application/pdf',
      `${invoice.number}.pdf`,
    );

  return (
    <Button label="shop.invoices.pdf" onClick={() => void downloadPdf()} disabled={busy}>
      <PictureAsPdfIcon />
    </Button>
  );
}
