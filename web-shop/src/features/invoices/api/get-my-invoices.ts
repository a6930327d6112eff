import { useQuery } from '@tanstack/react-query';
import type { MyInvoices } from '@shop/contracts';
import { apiDownload, apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';

/** Keyed by user so another account never sees the previous one's documents. */
export const myInvoicesQueryKey = (userId: string) => [...ACCOUNT_QUERY_KEY, userId, 'invoices'] as const;

/** `GET /api/me/invoices`: the customer's invoices and credit notes, newest first. */
export function useMyInvoices(userId: string) {
  return useQuery({
    queryKey: myInvoicesQueryKey(userId),
    queryFn: ({ signal }) => apiGet<MyInvoices>('/api/me/invoices', { signal }),
  });
}

/**
 * Where a document's PDF is served, in the language of the page that links it (else the server
 * would write it in the customer's language, that of their last order): the link's address
 * (opened in a new tab, or copied).
 */
export const invoicePdfPath = (id: string, language: string) =>
  `/api/me/invoices/${encodeURIComponent(id)}/pdf?lang=${language}`;

/** `GET /api/me/invoices/:id/pdf`: one document as issued, for its owner only. */
export function downloadInvoicePdf(id: string, language: string): Promise<Blob> {
  return apiDownload(invoicePdfPath(id, language), { accept: 'application/pdf, application/problem+json' });
}
