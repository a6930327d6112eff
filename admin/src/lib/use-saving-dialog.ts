import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

/** What a saving dialog says once its save succeeds, and what follows (by default, the page's data refreshed). */
interface Saved {
  success: string;
  messageArgs?: Record<string, unknown>;
  afterwards?: () => void;
}

/**
 * A dialog that saves something: open or closed, and a save during which it cannot be closed. A
 * save that succeeds is notified with its `success` message and closes the dialog (then `onClosed`
 * resets the form) and runs what comes after; one that fails is notified with its message and
 * leaves the dialog open with what was typed. `open`: open from the start (a dialog mounted when
 * it is asked for).
 */
export function useSavingDialog(options: { onClosed?: () => void; open?: boolean } = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(options.open ?? false);
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
    save: async (work: () => Promise<unknown>, { success, messageArgs, afterwards = refresh }: Saved) => {
      setSaving(true);
      try {
        await work();
        notify(success, { type: 'success', messageArgs });
        finish();
        afterwards();
      } catch (error) {
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      } finally {
        setSaving(false);
      }
    },
  };
}
