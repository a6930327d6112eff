import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A short amber label above a banner's title ("Offert", "N°1 …"), in dark text; `look` adjusts its lettering. */
export function HighlightBadge({
  look,
  children,
}: {
  look?: { letterSpacing?: number; fontSize?: string };
  children: ReactNode;
}) {
  return (
    <Box
      component="span"
      sx={{
        alignSelf: 'flex-start',
        px: 1.5,
        py: 0.5,
        borderRadius: 999,
        bgcolor: '#fbbf24',
        color: '#1c1630',
        fontWeight: 800,
        ...look,
      }}
    >
      {children}
    </Box>
  );
}
