import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { isRevealPhrase } from '../lib/reveal-phrase';

/** Seeds §2/§5: the password shows only after the customer types the phrase, a guard against a glance over the shoulder. */
export function PasswordRevealForm({ onRevealed, onCancel }: { onRevealed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [failed, setFailed] = useState(false);
  const phrase = t('reveal.phrase');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isRevealPhrase(typed, phrase)) {
      onRevealed();
      return;
    }
    setFailed(true);
    toast({ severity: 'error', title: t('reveal.errorTitle'), message: t('reveal.errorMessage', { phrase }) });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} sx={{ mt: 1.5 }} data-testid="reveal-form">
      <Typography id="reveal-prompt" variant="body2">
        {t('reveal.prompt', { phrase })}
      </Typography>
      <TextField
        autoFocus
        size="small"
        label={t('reveal.label')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setFailed(false);
        }}
        error={failed}
        helperText={failed ? t('reveal.errorMessage', { phrase }) : ' '}
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-describedby': 'reveal-prompt', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small">
          {t('reveal.confirm')}
        </Button>
        <Button type="button" size="small" onClick={onCancel}>
          {t('reveal.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
