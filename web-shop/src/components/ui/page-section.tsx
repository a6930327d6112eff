import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section of an information page under its `h2` (`titleId`), spaced from the next one. */
export function PageSection({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: { xs: 5, md: 7 } }}>
      <Typography id={titleId} component="h2" variant="h2" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
