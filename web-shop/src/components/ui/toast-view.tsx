import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import type { Toast } from './toast';

/** The snackbar of the toast provider, in its own chunk. */
export default function ToastView({ toast, open, onClose }: { toast: Toast; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={5000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={toast.severity ?? 'info'}
        variant="filled"
        onClose={onClose}
        closeText={t('toast.close')}
        sx={{ width: '100%', minWidth: { sm: 320 } }}
      >
        {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
