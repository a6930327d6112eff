import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The bar a saving dialog shows under its fields while it saves. */
export function SavingProgress({ saving }: { saving: boolean }) {
  const translate = useTranslate();
  return saving ? <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} /> : null;
}

/** The confirmation button: what it does (a message key), whether it may be clicked yet, red when it destroys. */
interface ConfirmProps {
  onConfirm: () => void;
  confirmLabel: string;
  disabled?: boolean;
  color?: 'error';
}

/** A saving dialog's buttons: cancel, and the confirmation; neither while it saves. */
export function SaveDialogActions({
  saving,
  onCancel,
  onConfirm,
  confirmLabel,
  disabled = false,
  color,
}: { saving: boolean; onCancel: () => void } & ConfirmProps) {
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

/**
 * A saving dialog (`useSavingDialog`'s `open`, `saving` and `close`): its title, its content
 * (`children`, described by `describedBy` when given), the bar while it saves, then its buttons.
 */
export function SavingDialog({
  dialog: { open, saving, close },
  title,
  describedBy,
  maxWidth = 'xs',
  children,
  ...actions
}: {
  dialog: { open: boolean; saving: boolean; close: () => void };
  title: ReactNode;
  describedBy?: string;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
} & ConfirmProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      fullWidth
      maxWidth={maxWidth}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <SavingProgress saving={saving} />
      </DialogContent>
      <SaveDialogActions saving={saving} onCancel={close} {...actions} />
    </Dialog>
  );
}
