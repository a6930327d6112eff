import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** A fuller name for screen readers when the label is an abbreviation (EN, FR). */
  ariaLabel?: string;
  lang?: string;
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * One choice among a few, as pressed buttons in a labelled group (language, category filter):
 * what MUI's ToggleButtonGroup offers, without its weight on the first page.
 */
export function ChoiceGroup<T extends string>({ label, choices, value, onChange, size, sx }: ChoiceGroupProps<T>) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={[{ display: 'flex', flexWrap: 'wrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {choices.map((choice) => (
        <Button
          key={choice.value}
          size={size}
          lang={choice.lang}
          aria-label={choice.ariaLabel}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
          className={choice.value === value ? 'Mui-selected' : undefined}
        >
          {choice.label}
        </Button>
      ))}
    </Box>
  );
}
