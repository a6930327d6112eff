import Button from '@mui/material/Button';

/** A form's large submit button: it says the form is being sent, and takes no second click meanwhile. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
