import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * What a panel shows while its data loads (a spinner and `loading`) or when it could not be read
 * (`loadError`); nothing once it has arrived. `hideError`: what is already shown stays, without an error over it.
 */
export function QueryFeedback({
  status,
  loading,
  loadError,
  hideError = false,
}: {
  status: 'pending' | 'error' | 'success';
  loading: string;
  loadError: string;
  hideError?: boolean;
}) {
  if (status === 'pending') {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{loading}</Typography>
      </Stack>
    );
  }
  if (status === 'error' && !hideError) return <Alert severity="error">{loadError}</Alert>;
  return null;
}
