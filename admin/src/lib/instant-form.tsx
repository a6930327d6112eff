import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { instantText, parseInstantText } from './instant-text';

/**
 * An instant the operator picks, in their browser's time zone ("État au…", the dashboard's "Au…"):
 * the field, "Afficher", and "Revenir à maintenant" while a past instant is shown.
 */
export function InstantForm({
  label,
  initial,
  onPick,
  onBackToNow,
  busy = false,
  searchLabel,
  children,
}: {
  label: string;
  /** What the field holds at first (an instant read from the page's address); now otherwise. */
  initial?: Date;
  onPick: (at: Date) => void;
  /** Shown while a picked instant is on screen. */
  onBackToNow?: () => void;
  busy?: boolean;
  /** Makes the form a search landmark with this name. */
  searchLabel?: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [instant, setInstant] = useState(() => instantText(initial ?? new Date()));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The field is in the browser's time zone; the server is asked for that very instant.
    const at = parseInstantText(instant);
    setInvalid(at === null);
    if (at) onPick(at);
  };
  return (
    <Box
      component="form"
      // Checked here, said in the operator's language: never the browser's own bubble.
      noValidate
      onSubmit={submit}
      {...(searchLabel ? { role: 'search', 'aria-label': searchLabel } : {})}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      {/* Text, day first (fr-FR and en-GB alike): a browser's date widget follows the browser's language, not the back-office's. */}
      <TextField
        size="small"
        label={label}
        value={instant}
        onChange={(event) => setInstant(event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', placeholder: translate('shop.instant.format'), spellCheck: false },
        }}
        error={invalid}
        helperText={invalid ? translate('shop.instant.invalid') : undefined}
        sx={{ width: '14rem' }}
      />
      <Button type="submit" variant="outlined" disabled={busy}>
        {translate('shop.asOf.show')}
      </Button>
      {onBackToNow && (
        <Button size="small" onClick={onBackToNow}>
          {translate('shop.asOf.clear')}
        </Button>
      )}
      {children}
    </Box>
  );
}
