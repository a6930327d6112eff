import type { AlertColor } from '@mui/material/Alert';

/** What a screen asks the toast to say. */
export interface ToastInput {
  title?: string;
  message: string;
  severity?: AlertColor;
}

/** A toast on screen: the input, numbered so a new one replaces the old. */
export interface Toast extends ToastInput {
  id: number;
}
