import Box, { type BoxProps } from '@mui/material/Box';
import type { ElementType, ReactNode } from 'react';

/** A column's width: a share of the row (`2`: twice a `1`), or a fixed width (`'360px'`). */
type Width = number | string;

const track = (width: Width) => (typeof width === 'number' ? `minmax(0, ${width}fr)` : width);

/**
 * Two columns side by side from the `md` breakpoint, one above the other below it; `widths` are their
 * shares of the row (`[2, 1]`: the first twice as wide) or fixed widths. The rest goes to the box
 * (a form, say).
 */
export function TwoColumns<Root extends ElementType = 'div'>({
  widths,
  gap = 3,
  children,
  ...box
}: { widths: [Width, Width]; gap?: number; children: ReactNode } & Omit<BoxProps<Root>, 'sx' | 'children'>) {
  return (
    <Box
      {...box}
      sx={{
        display: 'grid',
        gap,
        gridTemplateColumns: { xs: '1fr', md: `${track(widths[0])} ${track(widths[1])}` },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
