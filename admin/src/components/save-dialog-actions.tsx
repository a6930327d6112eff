import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslate } from 'react-admin';

/** The bar a saving dialog shows under its fields while it saves. */
export function SavingProgress({ saving }: { saving: boolean }) {
  const translate = useTranslate();
  return saving ? <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} /> : null;
}

/** A saving dialog's buttons: cancel, and the confirmation; neither while it saves. */
export function SaveDialogActions({
  saving,
  onCancel,
  onConfirm,
  confirmLabel,
  disabled = false,
  color,
}: {
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  disabled?: boolean;
  color?: 'error';
}) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} disabled={saving}>
        {translate('ra.action.cancel')}
      </Button>
      <Button variant="contained" color={color} onClick={onConfirm} disabled={disabled || saving}>
        {translate(confirmLabel)}
      </Button>
    </DialogActions>
  );
}
