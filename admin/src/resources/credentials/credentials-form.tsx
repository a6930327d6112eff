import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  BooleanInput,
  email,
  maxLength,
  PasswordInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CREDENTIALS_LIMITS } from '@shop/contracts';
import type { ShopDataProvider } from '../../providers/data-provider';
import type { CredentialsSummary } from './credentials-vocabulary';

/** The password, and a button that asks the server for a random one (12 characters) and shows it. */
function PasswordWithGenerator({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { setValue } = useFormContext();
  const [generated, setGenerated] = useState(0);
  const [generating, setGenerating] = useState(false);

  const generate = async () => {
    setGenerating(true);
    try {
      const password = await dataProvider.generateServicePassword();
      setValue('password', password, { shouldDirty: true, shouldValidate: true });
      setGenerated((count) => count + 1);
      notify('shop.credentials.generated', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', width: '100%' }}>
      <PasswordInput
        // Shown once generated, so the operator can set it on the service's side too.
        key={generated}
        initiallyVisible={generated > 0}
        source="password"
        autoComplete="new-password"
        validate={
          editing ? [maxLength(CREDENTIALS_LIMITS.password)] : [required(), maxLength(CREDENTIALS_LIMITS.password)]
        }
        helperText={editing ? 'shop.credentials.passwordKeep' : 'shop.credentials.passwordHelp'}
        sx={{ flex: '1 1 18rem' }}
      />
      <Button
        variant="outlined"
        startIcon={<AutorenewIcon />}
        onClick={generate}
        disabled={generating}
        sx={{ mt: 1, minHeight: 40 }}
      >
        {translate('shop.credentials.generate')}
      </Button>
    </Box>
  );
}

/** Only when the set has notes: the form never holds them, so clearing them is said, not typed. */
function ClearNotesInput() {
  const set = useRecordContext<CredentialsSummary>();
  if (!set?.hasAdditionalInfo) return null;
  return <BooleanInput source="clearAdditionalInfo" defaultValue={false} />;
}

/**
 * Plan, login e-mail, password and notes of a set. Editing, the form starts without the password
 * and the notes (the list never carries them): left empty, each keeps its stored value.
 */
export function CredentialsForm({ editing = false, toolbar }: { editing?: boolean; toolbar?: ReactElement | false }) {
  return (
    <SimpleForm toolbar={toolbar} sx={{ maxWidth: '40rem' }}>
      <ReferenceInput source="planId" reference="plans">
        <SelectInput
          optionText="name"
          validate={required()}
          label="resources.credentials.fields.planId"
          helperText={editing ? 'shop.credentials.planHelp' : false}
        />
      </ReferenceInput>
      <TextInput
        source="email"
        type="email"
        autoComplete="off"
        validate={[required(), email(), maxLength(CREDENTIALS_LIMITS.email)]}
      />
      <PasswordWithGenerator editing={editing} />
      <TextInput
        source="additionalInfo"
        multiline
        minRows={3}
        validate={maxLength(CREDENTIALS_LIMITS.additionalInfo)}
        helperText={editing ? 'shop.credentials.additionalInfoKeep' : 'shop.credentials.additionalInfoHelp'}
      />
      {editing && <ClearNotesInput />}
    </SimpleForm>
  );
}
