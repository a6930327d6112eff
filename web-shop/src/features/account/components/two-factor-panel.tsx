import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { disableTwoFactor } from '../api/disable-two-factor';
import { enableTwoFactor } from '../api/enable-two-factor';
import { setupTwoFactor } from '../api/setup-two-factor';
import { twoFactorDisableSchema } from '../lib/account-schemas';
import type { TwoFactorSetup } from '../types';
import { TwoFactorCodeForm } from './two-factor-code-form';
import { TwoFactorRecoveryCodes } from './two-factor-recovery-codes';
import { TwoFactorSetupStep } from './two-factor-setup-step';

type Step =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'recovery'; codes: string[] }
  | { name: 'disabling' };

type TwoFactorError =
  | {
      key:
        | 'twoFactor.errors.invalidCode'
        | 'twoFactor.errors.invalidFormat'
        | 'twoFactor.errors.alreadyEnabled'
        | 'twoFactor.errors.noPendingSetup'
        | 'twoFactor.errors.unexpected';
    }
  /** Too many wrong codes to turn it off: `count` minutes to wait. */
  | { key: 'twoFactor.errors.locked'; count: number };

function twoFactorError(error: unknown): TwoFactorError {
  if (!(error instanceof ApiError)) return { key: 'twoFactor.errors.unexpected' };
  if (error.code === 'two_factor.invalid_code') return { key: 'twoFactor.errors.invalidCode' };
  if (error.code === 'validation.failed') return { key: 'twoFactor.errors.invalidFormat' };
  if (error.code === 'two_factor.already_enabled') return { key: 'twoFactor.errors.alreadyEnabled' };
  if (error.code === 'two_factor.no_pending_setup') return { key: 'twoFactor.errors.noPendingSetup' };
  if (error.code === 'two_factor.locked') {
    const seconds = Number(error.problem.retryAfterSeconds);
    return { key: 'twoFactor.errors.locked', count: Math.max(1, Math.ceil((seconds || 900) / 60)) };
  }
  return { key: 'twoFactor.errors.unexpected' };
}

/** Two-factor sign-in with an authenticator app: set-up by QR code or key, recovery codes shown once, turning off with a code. */
export function TwoFactorPanel({
  enabled: enabledOnProfile,
  onChanged,
}: {
  enabled: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('account');
  // The profile learns of the change a moment later (projection); what was just done here wins meanwhile.
  const [changedHere, setChangedHere] = useState<boolean | null>(null);
  const enabled = changedHere ?? enabledOnProfile;
  const toast = useToast();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<TwoFactorError | null>(null);

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      setStep({ name: 'setup', setup: await setupTwoFactor() });
    } catch (failure) {
      setError(twoFactorError(failure));
    } finally {
      setStarting(false);
    }
  };

  const cancel = () => {
    setStep({ name: 'idle' });
    setError(null);
  };

  /** A step that takes a code, its failure shown in the panel's alert. */
  const codeStep = (action: (code: string) => Promise<void>) => async (code: string) => {
    setError(null);
    try {
      await action(code);
    } catch (failure) {
      setError(twoFactorError(failure));
    }
  };

  const on = enabled || step.name === 'recovery';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <ShieldIcon sx={{ color: 'primary.main' }} aria-hidden />
        <Typography component="h2" variant="h3">
          {t('twoFactor.title')}
        </Typography>
        <Chip
          size="small"
          color={on ? 'success' : 'default'}
          variant="outlined"
          label={on ? t('twoFactor.on') : t('twoFactor.off')}
          data-testid="two-factor-status"
          sx={{ fontWeight: 700 }}
        />
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>
        {on ? t('twoFactor.descriptionOn') : t('twoFactor.descriptionOff')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.key === 'twoFactor.errors.locked' ? t(error.key, { count: error.count }) : t(error.key)}
        </Alert>
      )}

      {step.name === 'idle' && !enabled && (
        <Button variant="contained" onClick={() => void start()} disabled={starting}>
          {starting ? t('twoFactor.starting') : t('twoFactor.enable')}
        </Button>
      )}

      {step.name === 'setup' && (
        <TwoFactorSetupStep
          setup={step.setup}
          onConfirm={codeStep(async (code) => {
            const { recoveryCodes } = await enableTwoFactor(code);
            setStep({ name: 'recovery', codes: recoveryCodes });
            setChangedHere(true);
            toast({ severity: 'success', message: t('twoFactor.enabled') });
            await onChanged();
          })}
          onCancel={cancel}
        />
      )}

      {step.name === 'recovery' && (
        <TwoFactorRecoveryCodes codes={step.codes} onDone={() => setStep({ name: 'idle' })} />
      )}

      {step.name === 'idle' && enabled && (
        <Button variant="outlined" color="error" onClick={() => setStep({ name: 'disabling' })}>
          {t('twoFactor.disable')}
        </Button>
      )}

      {step.name === 'disabling' && (
        <TwoFactorCodeForm
          schema={twoFactorDisableSchema}
          onSubmit={codeStep(async (code) => {
            await disableTwoFactor(code);
            setStep({ name: 'idle' });
            setChangedHere(false);
            toast({ severity: 'success', message: t('twoFactor.disabled') });
            await onChanged();
          })}
          onCancel={cancel}
          intro={
            <>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {t('twoFactor.disableTitle')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                {t('twoFactor.disableHelp')}
              </Typography>
            </>
          }
          field={{
            label: t('twoFactor.disableCode'),
            autoFocus: true,
            slotProps: { htmlInput: { maxLength: 11 } },
            sx: { maxWidth: { sm: 280 } },
          }}
          submit={{ label: t('twoFactor.disableConfirm'), busyLabel: t('twoFactor.disabling'), color: 'error' }}
        />
      )}
    </Paper>
  );
}
