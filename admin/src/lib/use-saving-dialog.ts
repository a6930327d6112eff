import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * A dialog that saves something: open or closed, and a save during which it cannot be closed. A
 * save that succeeds closes it (then `onClosed` resets the form) and runs what comes after; one
 * that fails is notified with its message and leaves the dialog open with what was typed.
 */
export function useSavingDialog(options: { onClosed?: () => void } = {}) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const finish = () => {
    setOpen(false);
    options.onClosed?.();
  };
  return {
    open,
    saving,
    show: () => setOpen(true),
    close: () => {
      if (!saving) finish();
    },
    save: async (work: () => Promise<void>, afterwards?: () => void) => {
      setSaving(true);
      try {
        await work();
        finish();
        afterwards?.();
      } catch (error) {
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      } finally {
        setSaving(false);
      }
    },
  };
}
