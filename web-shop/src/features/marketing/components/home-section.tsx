import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A band of the home page, labelled by its centred `h2` (`titleId`) over a subtitle; `bgcolor` sets it apart. */
export function HomeSection({
  titleId,
  title,
  subtitle,
  bgcolor,
  children,
}: {
  titleId: string;
  title: string;
  subtitle: string;
  bgcolor?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ bgcolor, py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Typography id={titleId} component="h2" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {title}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: { xs: 4, md: 6 } }}>{subtitle}</Typography>
        {children}
      </Container>
    </Box>
  );
}
