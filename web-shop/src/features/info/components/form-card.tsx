import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of a request form: its heading (`h2`), an introduction and the required-fields note. */
export function FormCard({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('info');
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Typography id={id} component="h2" variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {subtitle && <Typography sx={{ color: 'text.secondary', mb: 1 }}>{subtitle}</Typography>}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('form.requiredNote')}
      </Typography>
      {children}
    </Paper>
  );
}
