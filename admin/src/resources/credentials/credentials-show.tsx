import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import {
  DateField,
  EditButton,
  FunctionField,
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ShowActions } from '../../components/show-actions';
import { CopyButton } from '../../components/copy-button';
import { CredentialRevealsAside } from '../../history/credential-reveals-panel';
import { withAsideLayout } from '../../history/history-aside';
import { useLocales } from '../../i18n/i18n-provider';
import type { CredentialsSecret, ShopDataProvider } from '../../providers/data-provider';
import { CredentialsTitle } from './credentials-title';
import { MASKED_PASSWORD, servedCount, type CredentialsSummary } from './credentials-vocabulary';
import { DeleteCredentialsButton } from './delete-credentials-button';

function CredentialsShowActions() {
  return (
    <ShowActions>
      <EditButton />
      <DeleteCredentialsButton />
    </ShowActions>
  );
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflowWrap: 'anywhere' };

/** The login e-mail, with a copy button. */
function LoginEmail() {
  const set = useRecordContext<CredentialsSummary>();
  const translate = useTranslate();
  if (!set) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={mono}>
        {set.email}
      </Box>
      <CopyButton value={set.email} label={translate('resources.credentials.fields.email')} />
    </Box>
  );
}

/**
 * The password and notes stay on the server until the operator asks: 'Afficher le mot de passe'
 * reads them (GET /api/admin/credentials/:id, recorded with who and when) into this screen's state
 * only; leaving the page or 'Masquer' forgets them.
 */
function SecretFields() {
  const set = useRecordContext<CredentialsSummary>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [secret, setSecret] = useState<CredentialsSecret | null>(null);
  const [loading, setLoading] = useState(false);
  // Support says why it reads a password (recorded with the reading); an owner may.
  const { permissions } = usePermissions<string[]>();
  const reasonRequired = Array.isArray(permissions) && !permissions.includes('staff.manage');
  const [reason, setReason] = useState('');
  // Another set (or the same one after an edit): what was revealed no longer applies.
  const setId = set?.id;
  const updatedAt = set?.updatedAt;
  useEffect(() => setSecret(null), [setId, updatedAt]);
  if (!set) return null;

  const reveal = async () => {
    setLoading(true);
    try {
      setSecret(await dataProvider.revealCredentials(set.id, reason));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'shop.credentials.revealError', { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  const notes = secret
    ? (secret.additionalInfo ?? translate('shop.empty'))
    : translate(set.hasAdditionalInfo ? 'shop.credentials.additionalInfoHidden' : 'shop.empty');

  return (
    <>
      <Labeled label="resources.credentials.fields.password">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box
            component="span"
            data-testid="credentials-password"
            sx={{ ...mono, letterSpacing: secret ? 'normal' : '0.1em', minWidth: '8rem' }}
          >
            {secret ? secret.password : MASKED_PASSWORD}
          </Box>
          {secret && <CopyButton value={secret.password} label={translate('resources.credentials.fields.password')} />}
          {secret ? (
            <Button size="small" startIcon={<VisibilityOffIcon />} onClick={() => setSecret(null)}>
              {translate('shop.credentials.hide')}
            </Button>
          ) : (
            <>
              <MuiTextField
                size="small"
                label={translate(reasonRequired ? 'shop.staff.reveal.reason' : 'shop.staff.reveal.reasonOptional')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required={reasonRequired}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                sx={{ minWidth: { xs: '100%', sm: 280 } }}
              />
              <Button
                size="small"
                variant="outlined"
                startIcon={<VisibilityIcon />}
                onClick={reveal}
                disabled={loading || (reasonRequired && !reason.trim())}
              >
                {translate('shop.credentials.reveal')}
              </Button>
            </>
          )}
        </Box>
      </Labeled>
      <Labeled label="resources.credentials.fields.additionalInfo">
        <Box
          component="span"
          sx={{ whiteSpace: 'pre-wrap', color: secret?.additionalInfo ? 'text.primary' : 'text.secondary' }}
        >
          {notes}
        </Box>
      </Labeled>
    </>
  );
}

/** One set: what subscribers of its plan read on /product-access, the password behind a click. */
export function CredentialsShow() {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  return (
    <Show<CredentialsSummary>
      actions={<CredentialsShowActions />}
      title={<CredentialsTitle />}
      aside={<CredentialRevealsAside />}
      sx={withAsideLayout}
    >
      <SimpleShowLayout>
        <TextField source="planName" />
        <Labeled label="resources.credentials.fields.email">
          <LoginEmail />
        </Labeled>
        <SecretFields />
        <FunctionField<CredentialsSummary>
          source="assignedCount"
          render={(set) => servedCount(translate, set.assignedCount)}
        />
        <DateField source="createdAt" showTime locales={dateLocale} />
        <ReferenceField source="createdBy" reference="users" link="show" />
        <DateField source="updatedAt" showTime locales={dateLocale} />
        <ReferenceField source="updatedBy" reference="users" link="show" emptyText="shop.empty" />
        <TextField source="id" />
      </SimpleShowLayout>
    </Show>
  );
}
