import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A page section on a card, named by its h2 heading. `flush`: the content brings its own padding
 * (a show layout, a card content) and stands below the heading, outside the heading's card content.
 */
export function SectionCard({
  id,
  title,
  flush = false,
  sx,
  children,
}: {
  id: string;
  title: ReactNode;
  flush?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const heading = (
    <Typography id={id} variant="h6" component="h2" gutterBottom={!flush}>
      {title}
    </Typography>
  );
  return (
    <Card component="section" aria-labelledby={id} sx={sx}>
      {flush ? (
        <>
          <CardContent sx={{ pb: 0 }}>{heading}</CardContent>
          {children}
        </>
      ) : (
        <CardContent>
          {heading}
          {children}
        </CardContent>
      )}
    </Card>
  );
}
