import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronLeftIcon, ShieldIcon, SupportIcon, VisibilityIcon, VisibilityOffIcon } from '../../../components/icons';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import type { SubscriptionCredentials } from '../types';
import { CredentialField } from './credential-field';
import { PasswordRevealForm } from './password-reveal-form';
import { PlanBadge } from './plan-badge';
import { TwoColumns } from '../../../components/ui/two-columns';

type ReadyCredentials = Extract<SubscriptionCredentials, { status: 'ready' }>;

/** Always the same mask: the length of the password is not shown either. */
const MASK = '••••••••••••';

/** The credentials of one subscription: login, password behind the typed phrase, notes, how to use them. */
export function CredentialsView({ credentials }: { credentials: ReadyCredentials }) {
  const { t } = useTranslation('credentials');
  const { copied, copy } = useCopyToClipboard();
  const [password, setPassword] = useState<'masked' | 'verifying' | 'revealed'>('masked');
  const steps: string[] = t('instructions.steps', { returnObjects: true });
  const emailLabel = t('fields.email');
  const passwordLabel = t('fields.password');

  return (
    <TwoColumns widths={[3, 2]}>
      <Paper
        component="section"
        aria-labelledby="credentials-plan"
        variant="outlined"
        sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <PlanBadge name={credentials.planName} logo={credentials.logo} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id="credentials-plan" component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
              {credentials.planName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('subtitle')}
            </Typography>
          </Box>
        </Stack>

        <Stack spacing={2.5}>
          <CredentialField
            id="email"
            label={emailLabel}
            copied={copied === 'email'}
            onCopy={() => void copy('email', emailLabel, credentials.email)}
          >
            {credentials.email}
          </CredentialField>

          <Box>
            <CredentialField
              id="password"
              label={passwordLabel}
              copied={copied === 'password'}
              copyDisabled={password !== 'revealed'}
              onCopy={() => void copy('password', passwordLabel, credentials.password)}
              actions={
                <Tooltip title={password === 'revealed' ? t('reveal.hide') : t('reveal.show')}>
                  <IconButton
                    aria-label={password === 'revealed' ? t('reveal.hide') : t('reveal.show')}
                    aria-expanded={password === 'verifying'}
                    onClick={() => setPassword(password === 'masked' ? 'verifying' : 'masked')}
                  >
                    {password === 'revealed' ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </Tooltip>
              }
            >
              {/* The password enters the page only once revealed. */}
              {password === 'revealed' ? (
                credentials.password
              ) : (
                <span aria-label={t('fields.hiddenPassword')} role="img">
                  {MASK}
                </span>
              )}
            </CredentialField>
            {password === 'verifying' && (
              <PasswordRevealForm onRevealed={() => setPassword('revealed')} onCancel={() => setPassword('masked')} />
            )}
          </Box>

          {credentials.additionalInfo && (
            <Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>
                {t('fields.additionalInfo')}
              </Typography>
              <Typography
                data-testid="credentials-additional-info"
                sx={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                }}
              >
                {credentials.additionalInfo}
              </Typography>
            </Box>
          )}
        </Stack>

        <Divider sx={{ my: 3 }} />
        <Button component={RouterLink} to="/profile" startIcon={<ChevronLeftIcon aria-hidden />}>
          {t('back')}
        </Button>
      </Paper>

      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <Paper
          component="section"
          aria-labelledby="credentials-instructions"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}
        >
          <Typography id="credentials-instructions" component="h2" variant="h3" sx={{ mb: 1.5 }}>
            {t('instructions.title')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, '& li': { mb: 1 } }}>
            {steps.map((step) => (
              <Typography component="li" key={step} variant="body2">
                {step}
              </Typography>
            ))}
          </Box>
        </Paper>
        <Paper
          component="section"
          aria-labelledby="credentials-guarantee"
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, borderColor: 'success.light' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <ShieldIcon color="success" aria-hidden />
            <Typography id="credentials-guarantee" component="h2" variant="h3">
              {t('guarantee.title')}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('guarantee.message')}
          </Typography>
          <Button
            component={RouterLink}
            to="/support#contact-form"
            variant="contained"
            startIcon={<SupportIcon aria-hidden />}
          >
            {t('guarantee.contact')}
          </Button>
        </Paper>
      </Stack>
    </TwoColumns>
  );
}
