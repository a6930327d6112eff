import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { GoogleIcon } from '../../../components/icons';
import { config } from '../../../config';
import { useSignInProviders } from '../api/get-sign-in-providers';

const displayName = (name: string) => (name === 'google' ? 'Google' : name.charAt(0).toUpperCase() + name.slice(1));

/** "Continuer avec Google" and the like, only for the providers the server has configured. */
export function ExternalSignIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const providers = useSignInProviders();
  if (providers.status !== 'success' || providers.data.data.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Divider>{t('external.or')}</Divider>
      {providers.data.data.map((provider) => (
        <Button
          key={provider.name}
          // A navigation, not a fetch: the provider's pages take over, then the server sends the browser back.
          href={`${config.apiBaseUrl}${provider.startUrl}?${new URLSearchParams({ returnTo })}`}
          variant="outlined"
          size="large"
          startIcon={provider.name === 'google' ? <GoogleIcon aria-hidden /> : undefined}
        >
          {t('external.continueWith', { provider: displayName(provider.name) })}
        </Button>
      ))}
    </Stack>
  );
}
