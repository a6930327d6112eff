import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/** The longest reason an operator may give; the history keeps it whole. */
export const REASON_MAX = 500;

/** The reason the history keeps for an operator's action on a subscription, with its hint below. */
export function ReasonField({
  value,
  onChange,
  helper,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The translation key of the hint under the field. */
  helper: string;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('shop.subscriptions.reason.label')}
      helperText={translate(helper)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      multiline
      minRows={2}
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
      sx={{ mt: 2 }}
    />
  );
}
