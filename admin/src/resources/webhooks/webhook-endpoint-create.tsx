import {
  WEBHOOK_EVENT_TYPE_CHOICES,
  type CreateWebhookEndpointRequest,
  type WebhookEndpointCreated,
} from '@shop/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  required,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { CopyButton } from '../../components/copy-button';
import { ALL_EVENT_TYPES, eventTypeName, refusalMessage } from './webhook-vocabulary';

/** The secret, shown this once: the operator copies it, then goes on to the endpoint's page. */
function SecretDialog({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open aria-labelledby="webhook-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="webhook-secret-title">{translate('shop.webhooks.secretTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('shop.webhooks.secretOnce')}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="code"
            aria-label={translate('shop.webhooks.secretLabel')}
            sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', overflowWrap: 'anywhere', flex: 1 }}
          >
            {created.secret}
          </Box>
          <CopyButton value={created.secret} label={translate('shop.webhooks.secretLabel')} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {translate('shop.webhooks.secretDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Registers an endpoint: its URL, the event types it receives, whether it may see personal data. */
export function WebhookEndpointCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const choices = useMemo(
    () =>
      [ALL_EVENT_TYPES, ...WEBHOOK_EVENT_TYPE_CHOICES].map((type) => ({
        id: type,
        name: eventTypeName(translate, type),
      })),
    [translate],
  );
  return (
    <>
      <Create<CreateWebhookEndpointRequest & { id?: string }>
        title="shop.webhooks.createTitle"
        redirect={false}
        transform={(data) => ({ url: data.url, eventTypes: data.eventTypes, personalData: Boolean(data.personalData) })}
        mutationOptions={{
          onSuccess: (data: unknown) => setCreated(data as WebhookEndpointCreated),
          onError: (error: unknown) => notify(refusalMessage(translate, error), { type: 'error' }),
        }}
      >
        <SimpleForm defaultValues={{ url: '', eventTypes: [], personalData: false }}>
          <TextInput
            source="url"
            validate={required()}
            helperText="shop.webhooks.urlHelp"
            sx={{ minWidth: { md: 520 } }}
          />
          <AutocompleteArrayInput
            source="eventTypes"
            choices={choices}
            validate={required()}
            helperText="shop.webhooks.eventTypesHelp"
            sx={{ minWidth: { md: 520 } }}
          />
          <BooleanInput
            source="personalData"
            label="shop.webhooks.personalDataLabel"
            helperText="shop.webhooks.personalDataHelp"
          />
        </SimpleForm>
      </Create>
      {created && (
        <SecretDialog
          created={created}
          onDone={() => {
            // The creation's answer (its id and secret alone) was kept as the endpoint's record:
            // dropped, so its page reads the endpoint itself and the secret leaves memory.
            queryClient.removeQueries({ queryKey: ['webhook-endpoints', 'getOne'] });
            redirect('show', 'webhook-endpoints', created.id);
          }}
        />
      )}
    </>
  );
}
