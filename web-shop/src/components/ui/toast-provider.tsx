import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Toast, ToastInput } from './toast';

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

// Most visits never show a toast: the snackbar and its alert arrive with the first one.
const ToastView = lazy(() => import('./toast-view'));

/** One snackbar at a time; a new toast replaces the one on screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowToast>((input) => {
    setToast({ ...input, id: Date.now() });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView toast={toast} open={open} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
