import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** `2026-11-24T13:05` in the browser's time zone, as a datetime-local field holds it. */
const localInputValue = (at: Date) =>
  new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * An instant the operator picks, in their browser's time zone ("État au…", the dashboard's "Au…"):
 * the field, "Afficher", and "Revenir à maintenant" while a past instant is shown.
 */
export function InstantForm({
  label,
  onPick,
  onBackToNow,
  busy = false,
  searchLabel,
  children,
}: {
  label: string;
  onPick: (at: Date) => void;
  /** Shown while a picked instant is on screen. */
  onBackToNow?: () => void;
  busy?: boolean;
  /** Makes the form a search landmark with this name. */
  searchLabel?: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [instant, setInstant] = useState(() => localInputValue(new Date()));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The field is in the browser's time zone; the server is asked for that very instant.
    const at = new Date(instant);
    setInvalid(Number.isNaN(at.getTime()));
    if (!Number.isNaN(at.getTime())) onPick(at);
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      {...(searchLabel ? { role: 'search', 'aria-label': searchLabel } : {})}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <TextField
        type="datetime-local"
        size="small"
        label={label}
        value={instant}
        onChange={(event) => setInstant(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        error={invalid}
        helperText={invalid ? translate('shop.asOf.invalid') : undefined}
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
