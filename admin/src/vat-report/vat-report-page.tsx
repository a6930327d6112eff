import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import { ToolPage } from '../components/tool-page';
import { useLocales } from '../i18n/i18n-provider';
import { useDownload } from '../lib/use-download';
import { formatCents } from '../lib/money';
import type { ShopDataProvider } from '../providers/data-provider';
import { countryName, formatRate } from '../resources/invoices/invoice-vocabulary';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The current month, YYYY-MM, in UTC as the report counts months. */
export function currentMonth(now = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "Exporter (CSV)": the month's documents, one line each, as the server writes them (GET /api/admin/reports/vat.csv), saved. */
function ExportCsvButton({ month, disabled }: { month: string; disabled: boolean }) {
  const translate = useTranslate();
  const { busy, download } = useDownload('shop.vatReport.exportError');
  const downloadCsv = () =>
    download(`/api/admin/reports/vat.csv?${new URLSearchParams({ month })}`, 'text/csv', `documents-${month}.csv`);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => void downloadCsv()}
      disabled={disabled || busy}
    >
      {translate('shop.vatReport.export')}
    </Button>
  );
}

/**
 * The VAT report (GET /api/admin/reports/vat?month=): for the month picked (this month at first),
 * the VAT collected per buyer's country and rate, credit notes deducted, and the month's totals.
 */
export function VatReportPage() {
  const translate = useTranslate();
  const { locale } = useLocales();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [month, setMonth] = useState(currentMonth);
  const valid = MONTH.test(month);
  const report = useQuery({
    queryKey: ['reports', 'vat', month],
    queryFn: () => dataProvider.getVatReport(month),
    enabled: valid,
    // Each reading is recorded by the server as an export: only the operator's choice of month asks again.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
  const money = (cents: number) => formatCents(cents, report.data?.currency ?? 'EUR', locale);

  return (
    <ToolPage title="shop.vatReport.title" explanation="shop.vatReport.explanation" maxWidth="960px">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          type="month"
          label={translate('shop.vatReport.month')}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          size="small"
          error={!valid}
          helperText={valid ? undefined : translate('shop.vatReport.monthInvalid')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: currentMonth() } }}
        />
        <ExportCsvButton month={month} disabled={!valid} />
      </Box>
      {report.isPending && valid && <Loading />}
      {report.isError && <Alert severity="error">{translate('shop.vatReport.loadError')}</Alert>}
      {report.data && report.data.data.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{translate('shop.vatReport.empty')}</Typography>
      )}
      {report.data && report.data.data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={translate('shop.vatReport.tableLabel', { month: report.data.month })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('shop.vatReport.columns.country')}</TableCell>
                <TableCell align="right">{translate('shop.vatReport.columns.rate')}</TableCell>
                <TableCell align="right">{translate('shop.vatReport.columns.net')}</TableCell>
                <TableCell align="right">{translate('shop.vatReport.columns.vat')}</TableCell>
                <TableCell align="right">{translate('shop.vatReport.columns.gross')}</TableCell>
                <TableCell align="right">{translate('shop.vatReport.columns.documents')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data.data.map((line) => (
                <TableRow key={`${line.country}-${line.rate}`}>
                  <TableCell component="th" scope="row">
                    {countryName(line.country, locale)}
                  </TableCell>
                  <TableCell align="right">{formatRate(line.rate, locale)}</TableCell>
                  <TableCell align="right">{money(line.netCents)}</TableCell>
                  <TableCell align="right">{money(line.vatCents)}</TableCell>
                  <TableCell align="right">{money(line.grossCents)}</TableCell>
                  <TableCell align="right">{line.documents}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              {/* A footer's cells are smaller by default: the totals read as large as the lines they add up. */}
              <TableRow
                sx={{ '& .MuiTableCell-root': { typography: 'body2', fontWeight: 700, color: 'text.primary' } }}
              >
                <TableCell component="th" scope="row" colSpan={2}>
                  {translate('shop.vatReport.totals')}
                </TableCell>
                <TableCell align="right">{money(report.data.totals.netCents)}</TableCell>
                <TableCell align="right">{money(report.data.totals.vatCents)}</TableCell>
                <TableCell align="right">{money(report.data.totals.grossCents)}</TableCell>
                <TableCell align="right">{report.data.totals.documents}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </ToolPage>
  );
}
