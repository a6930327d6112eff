import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ChatIcon } from '../../../components/icons';
import { config } from '../../../config';
import { CONTACT_FORM_ID } from '../lib/focus-contact-form';

/**
 * The live-chat window. Instant messaging is not open yet, so instead of the seeds' disabled input
 * it sends the visitor to the message form (`onWriteToUs` on the support page) or to the e-mail address.
 */
export function ChatDialog({
  open,
  onClose,
  onWriteToUs,
}: {
  open: boolean;
  onClose: () => void;
  onWriteToUs?: () => void;
}) {
  const { t } = useTranslation('support');
  // Handing over to the form: focus goes to its first field once the dialog is gone, not back to the trigger.
  const [handingOver, setHandingOver] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="chat-dialog-title"
      fullWidth
      maxWidth="xs"
      disableRestoreFocus={handingOver}
      slotProps={{
        transition: {
          onExited: () => {
            if (!handingOver) return;
            setHandingOver(false);
            onWriteToUs?.();
          },
        },
      }}
    >
      <DialogTitle id="chat-dialog-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ChatIcon color="primary" aria-hidden />
          <span>{t('chat.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, fontWeight: 600 }}>{t('chat.available')}</Typography>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('chat.meanwhile')}</Typography>
        <Link href={`mailto:${config.supportEmail}`} sx={{ overflowWrap: 'anywhere' }}>
          {t('chat.emailUs', { email: config.supportEmail })}
        </Link>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('chat.close')}</Button>
        {onWriteToUs ? (
          <Button
            variant="contained"
            onClick={() => {
              setHandingOver(true);
              onClose();
            }}
          >
            {t('chat.writeToUs')}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={`/support#${CONTACT_FORM_ID}`}>
            {t('chat.writeToUs')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
