import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState } from 'react';
import { Button, useLocaleState, useNotify, useRecordContext } from 'react-admin';
import { downloadFile } from '../../lib/http-client';
import type { Invoice } from './invoice-vocabulary';

/** "PDF": the document as issued (GET /api/admin/invoices/:id/pdf), in the operator's language, read with their session and saved. */
export function InvoicePdfButton() {
  const invoice = useRecordContext<Invoice>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  if (!invoice) return null;

  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        `/api/admin/invoices/${encodeURIComponent(invoice.id)}/pdf?${new URLSearchParams({ lang: locale === 'en' ? 'en' : 'fr' })}`,
        'application/pdf',
        `${invoice.number}.pdf`,
      );
    } catch (error) {
      notify(error instanceof Error ? error.message : 'shop.invoices.pdfError', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="shop.invoices.pdf" onClick={() => void download()} disabled={busy}>
      <PictureAsPdfIcon />
    </Button>
  );
}
