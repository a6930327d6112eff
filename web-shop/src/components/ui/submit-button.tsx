import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A form's large submit button: it says the form is being sent, and takes no second click meanwhile. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  icon,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  icon?: ReactNode;
}) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={icon}>
      {busy ? busyLabel : label}
    </Button>
  );
}
