import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';

/** A chip's tint: dark text on a light background, which reads at AA. */
export type Tint = { bgcolor: string; color: string };

/** The back-office's chip tints: blue for new, green for in use or done, orange for a look needed, grey for over. */
export const TINTS = {
  blue: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  green: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  orange: { bgcolor: '#fff3e0', color: '#8a3c00' },
  grey: { bgcolor: '#eceff1', color: '#37474f' },
} satisfies Record<string, Tint>;

/**
 * A record's state as a tinted chip, its label the translation `${messages}.${value}` (the value
 * itself when there is none). Nothing while the record is loading.
 */
export function TintedChip<Value extends string>({
  value,
  tints,
  messages,
}: {
  value: Value | undefined;
  tints: Record<Value, Tint>;
  messages: string;
}) {
  const translate = useTranslate();
  if (value === undefined) return null;
  return (
    <Chip
      size="small"
      sx={{ ...tints[value], fontWeight: 500 }}
      label={translate(`${messages}.${value}`, { _: value })}
    />
  );
}

/** The record's `source` (its status, kind, segment…) as a `TintedChip`. */
export function TintedField<Value extends string>({
  source,
  ...chip
}: {
  source: string;
  tints: Record<Value, Tint>;
  messages: string;
}) {
  const record = useRecordContext<Record<string, Value>>();
  return <TintedChip value={record?.[source]} {...chip} />;
}

/** A state with its icon, tinted, the icon in the text's colour; `loud` (bold) when it asks for a look. */
export function IconChip({
  icon,
  label,
  tint,
  loud = false,
}: {
  icon: ReactElement;
  label: string;
  tint: Tint;
  loud?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      icon={icon}
      label={translate(label)}
      sx={{ ...tint, ...(loud ? { fontWeight: 600 } : {}), '& .MuiChip-icon': { color: 'inherit' } }}
    />
  );
}

/** A yes-or-no state as a chip: filled green when on, outlined when off. Nothing while the record is loading. */
export function OnOffChip({ on, onLabel, offLabel }: { on: boolean | undefined; onLabel: string; offLabel: string }) {
  const translate = useTranslate();
  if (on === undefined) return null;
  return (
    <Chip
      size="small"
      variant={on ? 'filled' : 'outlined'}
      color={on ? 'success' : 'default'}
      label={translate(on ? onLabel : offLabel)}
    />
  );
}

/** A record's words (an API key's scopes, an endpoint's event types) as small outlined chips in a wrapping row. */
export function ChipRow({
  items,
  labelOf = (item) => item,
  chipSx,
}: {
  items: readonly string[];
  labelOf?: (item: string) => string;
  chipSx?: SxProps<Theme>;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((item) => (
        <Chip key={item} size="small" variant="outlined" label={labelOf(item)} sx={chipSx} />
      ))}
    </Stack>
  );
}
