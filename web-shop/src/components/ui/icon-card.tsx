import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';

/** A card with an icon, a title (`h3` unless told), a text and an optional action: benefits, contact channels. */
export function IconCard({
  icon,
  title,
  description,
  action,
  headingLevel = 'h3',
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: { label: string; onClick?: () => void; href?: string };
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, height: '100%' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start', height: '100%' }}>
        <Stack
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'rgba(76,29,149,0.08)',
            color: 'primary.main',
          }}
        >
          {icon}
        </Stack>
        <Typography component={headingLevel} variant="h3">
          {title}
        </Typography>
        <Typography component="div" sx={{ color: 'text.secondary', flexGrow: 1, overflowWrap: 'anywhere' }}>
          {description}
        </Typography>
        {action &&
          (action.href ? (
            <Button variant="outlined" href={action.href}>
              {action.label}
            </Button>
          ) : (
            <Button variant="contained" onClick={action.onClick}>
              {action.label}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}

/**
 * Icon cards side by side, one a row on phones: each of `items` (its key and icon) titled and
 * described by `text(key)`. Three a row on wide screens unless `columns` says otherwise.
 */
export function IconCardGrid<Key extends string>({
  items,
  text,
  columns = { xs: '1fr', md: 'repeat(3, 1fr)' },
}: {
  items: ReadonlyArray<readonly [Key, ComponentType]>;
  text: (key: Key) => { title: string; description: string };
  columns?: Record<string, string>;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: columns }}>
      {items.map(([key, Icon]) => (
        <IconCard key={key} icon={<Icon />} {...text(key)} />
      ))}
    </Box>
  );
}
