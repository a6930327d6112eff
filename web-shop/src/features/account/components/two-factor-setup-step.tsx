import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { twoFactorCodeSchema } from '../lib/account-schemas';
import type { TwoFactorSetup } from '../types';
import { TwoFactorCodeForm } from './two-factor-code-form';
import { monospace } from './two-factor-recovery-codes';

/** `ABCD EFGH ...`: easier to copy by hand; authenticator apps ignore the spaces. */
const groupInFours = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The new secret to scan (QR code, key or URI), then a code from the app to confirm it. */
export function TwoFactorSetupStep({
  setup,
  onConfirm,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t('twoFactor.scanTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('twoFactor.scanHelp')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          <Box
            component="img"
            src={setup.qrCode}
            alt={t('twoFactor.qrAlt')}
            width={180}
            height={180}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: '#fff', flexShrink: 0 }}
          />
          <Stack spacing={1.5} sx={{ minWidth: 0, width: '100%' }}>
            <Box>
              <Typography variant="body2" id="totp-secret-label" sx={{ color: 'text.secondary' }}>
                {t('twoFactor.secretLabel')}
              </Typography>
              <Typography
                aria-labelledby="totp-secret-label"
                data-testid="totp-secret"
                sx={{
                  ...monospace,
                  fontWeight: 700,
                  fontSize: '1.05rem',
                  wordSpacing: '-0.2em',
                  userSelect: 'all',
                }}
              >
                {groupInFours(setup.secret)}
              </Typography>
            </Box>
            <TextField
              id="totp-uri"
              label={t('twoFactor.uriLabel')}
              value={setup.otpauthUri}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, style: monospace } }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        </Stack>
      </Box>
      <TwoFactorCodeForm
        schema={twoFactorCodeSchema}
        onSubmit={onConfirm}
        onCancel={onCancel}
        intro={
          <Typography component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('twoFactor.confirmTitle')}
          </Typography>
        }
        field={{
          label: t('twoFactor.code'),
          slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 6 } },
          sx: { maxWidth: { sm: 220 } },
        }}
        submit={{ label: t('twoFactor.confirm'), busyLabel: t('twoFactor.confirming'), size: 'large' }}
      />
    </Stack>
  );
}
