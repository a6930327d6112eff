import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Link, useCreatePath, useRecordContext } from 'react-admin';
import type { Invoice } from './invoice-vocabulary';

/**
 * The buyer as billed (the name sealed on the document, kept after an erasure), linked to the
 * customer's page; the company below (unless `withCompany` is false) when the document was billed to one.
 */
export function InvoiceCustomer({ withCompany = true }: { withCompany?: boolean }) {
  const invoice = useRecordContext<Invoice>();
  const createPath = useCreatePath();
  if (!invoice) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        to={createPath({ resource: 'users', id: invoice.userId, type: 'show' })}
        // In a list row, the link is the customer's page, not the document's.
        onClick={(event: MouseEvent) => event.stopPropagation()}
      >
        {invoice.customerName}
      </Link>
      {withCompany && invoice.companyName && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {invoice.companyName}
        </Typography>
      )}
    </Box>
  );
}
