import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';

/** Codes and keys are copied character by character: every character reads distinctly. */
export const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The single-use recovery codes, shown once right after two-factor is turned on, with a way to copy them. */
export function TwoFactorRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ severity: 'success', message: t('twoFactor.copied') });
    } catch {
      toast({ severity: 'warning', message: t('twoFactor.copyError') });
    }
  };

  return (
    <Box>
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {t('twoFactor.recoveryTitle')}
      </Typography>
      <Alert severity="warning" sx={{ my: 1.5 }}>
        {t('twoFactor.recoveryHelp')}
      </Alert>
      <Box
        component="ul"
        data-testid="recovery-codes"
        sx={{
          ...monospace,
          listStyle: 'none',
          p: 2,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 2,
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="outlined" startIcon={<CopyIcon aria-hidden />} onClick={() => void copyCodes()}>
          {t('twoFactor.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('twoFactor.done')}
        </Button>
      </Stack>
    </Box>
  );
}
