import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Two columns side by side from the `md` breakpoint, one above the other below it; `widths` are their
 * shares of the row (`[2, 1]`: the first twice as wide).
 */
export function TwoColumns({ widths, children }: { widths: [number, number]; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: `minmax(0, ${widths[0]}fr) minmax(0, ${widths[1]}fr)` },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
