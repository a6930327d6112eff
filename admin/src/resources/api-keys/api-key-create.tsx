import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type CreatedApiKey } from '@shop/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import {
  CheckboxGroupInput,
  Create,
  maxLength,
  required,
  SimpleForm,
  TextInput,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { CopyButton } from '../../components/copy-button';

const scopeChoices = API_KEY_SCOPES.map((scope) => ({ id: scope, name: `shop.apiKeys.scopes.${scope}` }));

/** The key, once: copied now or never seen again (the server keeps only its hash). */
function KeyShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const translate = useTranslate();
  const label = translate('shop.apiKeys.keyLabel');
  return (
    <Dialog open aria-labelledby="api-key-shown-once" maxWidth="sm" fullWidth>
      <DialogTitle id="api-key-shown-once">{translate('shop.apiKeys.shownOnceTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate('shop.apiKeys.shownOnce')}</Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              component="code"
              aria-label={label}
              sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowWrap: 'anywhere' }}
            >
              {created.key}
            </Box>
            <CopyButton value={created.key} label={translate('shop.apiKeys.copyLabel')} />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {translate('shop.apiKeys.copiedDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A new key: its name and scopes, then the key itself, shown this once. */
export function ApiKeyCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <>
      <Create
        title="shop.apiKeys.createTitle"
        redirect={false}
        mutationOptions={{ onSuccess: (data: CreatedApiKey) => setCreated(data) }}
      >
        <SimpleForm>
          <TextInput
            source="name"
            validate={[required(), maxLength(API_KEY_NAME_MAX_LENGTH)]}
            helperText="shop.apiKeys.nameHelp"
          />
          <CheckboxGroupInput
            source="scopes"
            choices={scopeChoices}
            row={false}
            validate={required()}
            helperText="shop.apiKeys.scopesHelp"
          />
        </SimpleForm>
      </Create>
      {created && <KeyShownOnce created={created} onDone={() => redirect('list', 'api-keys')} />}
    </>
  );
}
