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

/** `GET /api/me/invoices/:id/pdf`: one document as issued, for its owner only. */
export function downloadInvoicePdf(id: string): Promise<Blob> {
  return apiDownload(`/api/me/invoices/${encodeURIComponent(id)}/pdf`, {
    accept: 'application/pdf, application/problem+json',
  });
}

/** Where a document's PDF is served: the link's address (opened in a new tab, or copied). */
export const invoicePdfPath = (id: string) => `/api/me/invoices/${encodeURIComponent(id)}/pdf`;
