import { lazyScreen } from '../lib/lazy-screen';

/** The monthly VAT report (a custom route, /admin/vat-report), loaded on demand. */
export const LazyVatReportPage = lazyScreen(() => import('./vat-report-page').then((module) => module.VatReportPage));
