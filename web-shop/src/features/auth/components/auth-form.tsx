import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Form, Formik, useFormikContext, type FormikValues } from 'formik';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/ui/form-text-field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { FormDraftsContext, useFormDraft } from '../../../lib/form-drafts';
import { completeHeldSignIn } from '../api/complete-held-sign-in';
import { signIn } from '../api/sign-in';
import { signUp } from '../api/sign-up';
import { useSession } from '../../../lib/session';
import { authErrorKey, type AuthErrorKey } from '../lib/auth-errors';
import { signInSchema, signUpSchema, totpSchema } from '../lib/auth-schemas';
import { ExternalSignIn } from './external-sign-in';
import { ForgotPasswordForm } from './forgot-password-form';
import { SubmitButton } from '../../../components/ui/submit-button';

type Mode = 'signIn' | 'signUp' | 'forgot';
/** Whose code the TOTP step asks for: a password sign-in, or one the server holds after an external provider. */
type SecondFactor = { kind: 'password'; email: string; password: string } | { kind: 'held' };

interface FormError {
  title: 'errors.signInTitle' | 'errors.signUpTitle';
  message: AuthErrorKey;
}

/**
 * Sign-in and sign-up on one card, with the TOTP step when the account has two-factor sign-in,
 * the forgotten-password request and the external providers. `returnTo`: where an external sign-in lands.
 * `heldSignIn`: an external sign-in came back waiting for the account's code, so the card opens on the TOTP step.
 */
const SIGN_IN_DRAFT = 'auth:sign-in';
const SIGN_UP_DRAFT = 'auth:sign-up';

/** Inside a form: what is typed there is kept across a change of language (`useFormDraft`). */
function KeptAcrossLanguages({ draftKey }: { draftKey: string }): null {
  useFormDraft(draftKey, useFormikContext<FormikValues>());
  return null;
}

export function AuthForm({
  initialMode = 'signIn',
  returnTo = '/',
  heldSignIn = false,
}: {
  initialMode?: Mode;
  returnTo?: string;
  heldSignIn?: boolean;
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const { reload } = useSession();
  const drafts = useContext(FormDraftsContext);
  // Mounted again in the other language: back on the sign-up tab if that is where the visitor was.
  const [mode, setMode] = useState<Mode>(() => (drafts?.carries(SIGN_UP_DRAFT) ? 'signUp' : initialMode));
  const [secondFactor, setSecondFactor] = useState<SecondFactor | null>(heldSignIn ? { kind: 'held' } : null);
  const [formError, setFormError] = useState<FormError | null>(null);
  // Kept across the switch to sign-in after a sign-up, so the new customer only types the password.
  const [rememberedEmail, setRememberedEmail] = useState('');

  const switchMode = (next: Mode) => {
    setMode(next);
    setSecondFactor(null);
    setFormError(null);
  };

  const signedIn = async () => {
    toast({ severity: 'success', message: t('success.signIn') });
    // The /auth route sends the signed-in customer on once the session is known.
    await reload();
  };

  const completeSignIn = async (input: { email: string; password: string; totpCode?: string }) => {
    setFormError(null);
    try {
      await signIn(input);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth.second_factor_required') {
        setSecondFactor({ kind: 'password', email: input.email, password: input.password });
        return;
      }
      setFormError({ title: 'errors.signInTitle', message: authErrorKey(error) });
      return;
    }
    await signedIn();
  };

  const completeSecondFactor = async (factor: SecondFactor, totpCode: string) => {
    if (factor.kind === 'password') return completeSignIn({ email: factor.email, password: factor.password, totpCode });
    setFormError(null);
    try {
      await completeHeldSignIn({ totpCode });
    } catch (error) {
      // Nothing is held any more: start over from the sign-in form.
      if (error instanceof ApiError && error.code === 'auth.second_factor_expired') setSecondFactor(null);
      setFormError({ title: 'errors.signInTitle', message: authErrorKey(error) });
      return;
    }
    await signedIn();
  };

  const heading = secondFactor ? t('totp.title') : t(`${mode}.title`);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
      {!secondFactor && mode !== 'forgot' && (
        <Tabs
          value={mode}
          onChange={(_event, value: Mode) => switchMode(value)}
          variant="fullWidth"
          aria-label={t('modes.label')}
          sx={{ mb: 3 }}
        >
          <Tab value="signIn" label={t('modes.signIn')} />
          <Tab value="signUp" label={t('modes.signUp')} />
        </Tabs>
      )}
      <Typography component="h1" variant="h3" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {secondFactor ? t('totp.message') : t(`${mode}.subtitle`)}
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 3 }} role="alert">
          <AlertTitle>{t(formError.title)}</AlertTitle>
          {t(formError.message)}
        </Alert>
      )}

      {mode === 'forgot' ? (
        <ForgotPasswordForm initialEmail={rememberedEmail} onBack={() => switchMode('signIn')} />
      ) : secondFactor ? (
        <Formik
          initialValues={{ totpCode: '' }}
          validationSchema={totpSchema}
          onSubmit={(values) => completeSecondFactor(secondFactor, values.totpCode.trim())}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack spacing={2.5}>
                <FormTextField
                  name="totpCode"
                  label={t('fields.totpCode')}
                  autoComplete="one-time-code"
                  autoFocus
                  helperText={t('totp.recoveryHint')}
                  slotProps={{ htmlInput: { maxLength: 11, autoCapitalize: 'none', spellCheck: false } }}
                />
                <SubmitButton busy={isSubmitting} label={t('totp.submit')} busyLabel={t('signIn.submitting')} />
                <Button
                  onClick={() => {
                    setSecondFactor(null);
                    setFormError(null);
                  }}
                  disabled={isSubmitting}
                >
                  {t('totp.back')}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      ) : mode === 'signIn' ? (
        <Formik
          key="signIn"
          initialValues={{ email: rememberedEmail, password: '' }}
          validationSchema={signInSchema}
          onSubmit={(values) => completeSignIn({ email: values.email.trim(), password: values.password })}
        >
          {({ isSubmitting, values }) => (
            <Form noValidate>
              <KeptAcrossLanguages draftKey={SIGN_IN_DRAFT} />
              <Stack spacing={2.5}>
                <FormTextField name="email" type="email" label={t('fields.email')} autoComplete="email" required />
                <FormTextField
                  name="password"
                  type="password"
                  label={t('fields.password')}
                  autoComplete="current-password"
                  required
                />
                <SubmitButton busy={isSubmitting} label={t('signIn.submit')} busyLabel={t('signIn.submitting')} />
                <Button
                  variant="text"
                  onClick={() => {
                    setRememberedEmail(values.email.trim());
                    switchMode('forgot');
                  }}
                  sx={{ alignSelf: 'center' }}
                >
                  {t('forgot.link')}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      ) : (
        <Formik
          key="signUp"
          initialValues={{ fullName: '', email: '', password: '', confirmPassword: '' }}
          validationSchema={signUpSchema}
          onSubmit={async (values, helpers) => {
            setFormError(null);
            const email = values.email.trim();
            try {
              // The seeds: the name defaults to the e-mail when left empty.
              await signUp({ email, password: values.password, fullName: values.fullName.trim() || email });
            } catch (error) {
              const message = authErrorKey(error);
              if (message === 'errors.passwordTooCommon') helpers.setFieldError('password', `auth:${message}`);
              setFormError({ title: 'errors.signUpTitle', message });
              return;
            }
            toast({ severity: 'success', title: t('success.signUp'), message: t('success.signUpMessage') });
            setRememberedEmail(email);
            switchMode('signIn');
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <KeptAcrossLanguages draftKey={SIGN_UP_DRAFT} />
              <Stack spacing={2.5}>
                <FormTextField name="fullName" label={t('fields.fullName')} autoComplete="name" />
                <FormTextField name="email" type="email" label={t('fields.email')} autoComplete="email" required />
                <NewPasswordFields
                  name="password"
                  label={t('fields.password')}
                  confirmLabel={t('fields.confirmPassword')}
                />
                <SubmitButton busy={isSubmitting} label={t('signUp.submit')} busyLabel={t('signUp.submitting')} />
              </Stack>
            </Form>
          )}
        </Formik>
      )}

      {!secondFactor && mode !== 'forgot' && <ExternalSignIn returnTo={returnTo} />}

      {!secondFactor && mode !== 'forgot' && (
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Typography component="span" sx={{ color: 'text.secondary', mr: 1 }}>
            {t(mode === 'signUp' ? 'signUp.switchPrompt' : 'signIn.switchPrompt')}
          </Typography>
          <Button variant="text" onClick={() => switchMode(mode === 'signIn' ? 'signUp' : 'signIn')}>
            {t(mode === 'signUp' ? 'signUp.switchAction' : 'signIn.switchAction')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
