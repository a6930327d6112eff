import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card every payment outcome is shown on: an icon, a title, a message and the way on. */
export function PaymentResult({
  icon,
  title,
  message,
  actions,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  actions?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
      {icon}
      <Typography component="h1" variant="h3" sx={{ mt: 2, mb: 1.5 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: actions ? 4 : 0 }}>{message}</Typography>
      {actions && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {actions}
        </Stack>
      )}
    </Paper>
  );
}
