import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectSchema } from 'yup';
import { CopyIcon, ShieldIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { disableTwoFactor } from '../api/disable-two-factor';
import { enableTwoFactor } from '../api/enable-two-factor';
import { setupTwoFactor } from '../api/setup-two-factor';
import { twoFactorCodeSchema, twoFactorDisableSchema } from '../lib/account-schemas';
import type { TwoFactorSetup } from '../types';

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

/** `ABCD EFGH ...`: easier to copy by hand; authenticator apps ignore the spaces. */
const groupInFours = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

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

  const copyCodes = async (codes: string[]) => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ severity: 'success', message: t('twoFactor.copied') });
    } catch {
      toast({ severity: 'warning', message: t('twoFactor.copyError') });
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
                src={step.setup.qrCode}
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
                    {groupInFours(step.setup.secret)}
                  </Typography>
                </Box>
                <TextField
                  id="totp-uri"
                  label={t('twoFactor.uriLabel')}
                  value={step.setup.otpauthUri}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true, style: monospace } }}
                  onFocus={(event) => event.target.select()}
                />
              </Stack>
            </Stack>
          </Box>
          <CodeForm
            schema={twoFactorCodeSchema}
            onSubmit={codeStep(async (code) => {
              const { recoveryCodes } = await enableTwoFactor(code);
              setStep({ name: 'recovery', codes: recoveryCodes });
              setChangedHere(true);
              toast({ severity: 'success', message: t('twoFactor.enabled') });
              await onChanged();
            })}
            onCancel={cancel}
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
      )}

      {step.name === 'recovery' && (
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
            {step.codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<CopyIcon aria-hidden />} onClick={() => void copyCodes(step.codes)}>
              {t('twoFactor.copy')}
            </Button>
            <Button variant="contained" onClick={() => setStep({ name: 'idle' })}>
              {t('twoFactor.done')}
            </Button>
          </Stack>
        </Box>
      )}

      {step.name === 'idle' && enabled && (
        <Button variant="outlined" color="error" onClick={() => setStep({ name: 'disabling' })}>
          {t('twoFactor.disable')}
        </Button>
      )}

      {step.name === 'disabling' && (
        <CodeForm
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

/** A code on one row with its submit and cancel buttons: the set-up's confirmation and turning two-factor off. */
function CodeForm({
  schema,
  onSubmit,
  onCancel,
  intro,
  field,
  submit,
}: {
  schema: ObjectSchema<{ code: string }>;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
  intro: ReactNode;
  field: Omit<ComponentProps<typeof FormTextField>, 'name'>;
  submit: { label: string; busyLabel: string } & Pick<ButtonProps, 'color' | 'size'>;
}) {
  const { t } = useTranslation('account');
  const rowButton = { minHeight: 56, whiteSpace: 'nowrap' } as const;
  return (
    <Formik initialValues={{ code: '' }} validationSchema={schema} onSubmit={({ code }) => onSubmit(code.trim())}>
      {({ isSubmitting }) => (
        <Form noValidate>
          {intro}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <FormTextField name="code" autoComplete="one-time-code" required {...field} />
            <Button
              type="submit"
              variant="contained"
              color={submit.color}
              size={submit.size}
              disabled={isSubmitting}
              sx={rowButton}
            >
              {isSubmitting ? submit.busyLabel : submit.label}
            </Button>
            <Button onClick={onCancel} disabled={isSubmitting} sx={rowButton}>
              {t('twoFactor.cancel')}
            </Button>
          </Box>
        </Form>
      )}
    </Formik>
  );
}
