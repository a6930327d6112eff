import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ListButton, TopToolbar } from 'react-admin';

/** A record page's header: back to its list first, then what can be done to the record (`children`). */
export function ShowActions({ sx, children }: { sx?: SxProps<Theme>; children?: ReactNode }) {
  return (
    <TopToolbar sx={sx}>
      <ListButton />
      {children}
    </TopToolbar>
  );
}
