import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** Form fields side by side from small screens up, one under the other on phones. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
      {children}
    </Stack>
  );
}
