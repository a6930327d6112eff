import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountingDocumentView } from '@shop/contracts';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../../components/icons';
import { QueryList } from '../../../components/ui/query-list';
import { useToast } from '../../../components/ui/toast-provider';
import { config } from '../../../config';
import { saveFile } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import { downloadInvoicePdf, invoicePdfPath, useMyInvoices } from '../api/get-my-invoices';
import { formatRate } from '../lib/format-rate';

/**
 * "Télécharger (PDF)": a real link to the document (it opens in a new tab, or can be copied), read
 * on a click through the API client so that an expired session is refreshed first, then saved.
 */
function DownloadLink({ document }: { document: AccountingDocumentView }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or a saved link is the browser's to handle; a plain click is ours.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setBusy(true);
    try {
      saveFile(await downloadInvoicePdf(document.id, language), `${document.number}.pdf`);
    } catch {
      toast({ severity: 'error', message: t('invoices.downloadError', { number: document.number }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      component="a"
      href={`${config.apiBaseUrl}${invoicePdfPath(document.id, language)}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => void onClick(event)}
      aria-label={t('invoices.downloadNamed', { number: document.number })}
      aria-busy={busy}
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon aria-hidden />}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
    >
      {t('invoices.download')}
    </Button>
  );
}

function InvoiceItem({ document }: { document: AccountingDocumentView }) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const creditNote = document.kind === 'credit_note';
  return (
    <Paper component="li" variant="outlined" aria-label={document.number} sx={{ p: 2, borderRadius: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {document.number}
            </Typography>
            <Chip
              size="small"
              color={creditNote ? 'warning' : 'default'}
              variant={creditNote ? 'filled' : 'outlined'}
              label={t(`invoices.kinds.${document.kind}`)}
            />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('invoices.issued', { date: formatDate(document.issuedAt, language) })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('invoices.plan', {
              plan: document.planName,
              months: t('invoices.months', { count: document.months }),
              from: formatDate(document.periodFrom, language),
              to: formatDate(document.periodTo, language),
            })}
          </Typography>
          {creditNote && document.correctsNumber && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('invoices.corrects', { number: document.correctsNumber })}
            </Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, flexShrink: 0 }}>
          <Typography data-testid="invoice-amount" sx={{ fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }}>
            {formatPrice(document.grossCents, document.currency, language)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {t('invoices.vat', {
              rate: formatRate(document.vatRate, language),
              amount: formatPrice(document.vatCents, document.currency, language),
            })}
          </Typography>
          <DownloadLink document={document} />
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The customer's invoices and credit notes, newest first, each with its PDF. */
export function InvoiceList({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const query = useMyInvoices(userId);
  return (
    <Paper
      component="section"
      aria-labelledby="invoices-title"
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}
    >
      <Typography id="invoices-title" component="h1" variant="h2">
        {t('invoices.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>{t('invoices.subtitle')}</Typography>
      <QueryList
        query={query}
        text={(key) => t(`invoices.${key}`)}
        renderItem={(document) => <InvoiceItem key={document.id} document={document} />}
      />
    </Paper>
  );
}
