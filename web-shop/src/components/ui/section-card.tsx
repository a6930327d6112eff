import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * An outlined card that is a section of its page, labelled by its `h2` (`titleId`); `subtitle` is a
 * short line under the heading. `id` is the section's own anchor (`/support#contact-form`).
 */
export function SectionCard({
  id,
  titleId,
  title,
  subtitle,
  children,
}: {
  id?: string;
  titleId: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Typography id={titleId} component="h2" variant="h3" sx={{ mb: subtitle ? 0.5 : 2 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
