import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';

export interface PagerLabels {
  previous: string;
  next: string;
  /** The name of the dot that shows page `position` (from 1) of `count`. */
  goTo: (position: number, count: number) => string;
}

interface PagerControlsProps {
  count: number;
  current: number;
  /** Receives any integer; the pager loops, so -1 is the last page and `count` the first. */
  onChange: (page: number) => void;
  labels: PagerLabels;
}

/** Previous and next arrows around one dot per page; the arrow keys page too while focus is here. */
export function PagerControls({ count, current, onChange, labels }: PagerControlsProps) {
  const go = (page: number) => onChange(loopPage(page, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    go(current + (event.key === 'ArrowRight' ? 1 : -1));
  };
  return (
    <Stack direction="row" onKeyDown={onKeyDown} sx={{ alignItems: 'center', justifyContent: 'center', gap: 1 }}>
      <IconButton aria-label={labels.previous} onClick={() => go(current - 1)} sx={arrowSx}>
        <ChevronLeftIcon />
      </IconButton>
      <Stack direction="row" sx={{ gap: 0.25 }}>
        {Array.from({ length: count }, (_, page) => (
          <Box
            component="button"
            type="button"
            key={page}
            aria-label={labels.goTo(page + 1, count)}
            aria-current={page === current ? 'true' : undefined}
            onClick={() => go(page)}
            sx={dotSx(page === current)}
          />
        ))}
      </Stack>
      <IconButton aria-label={labels.next} onClick={() => go(current + 1)} sx={arrowSx}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}

/** Loops `page` into 0..count-1. */
export function loopPage(page: number, count: number): number {
  return count === 0 ? 0 : ((page % count) + count) % count;
}

const arrowSx = {
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  '&:hover': { bgcolor: 'rgba(76,29,149,0.08)' },
} as const;

/** A 24 px target around a small dot: large enough to tap, small enough to read as a dot. */
function dotSx(active: boolean) {
  return {
    width: 24,
    height: 24,
    p: 0,
    border: 0,
    borderRadius: '50%',
    bgcolor: 'transparent',
    cursor: 'pointer',
    display: 'grid',
    placeItems: 'center',
    '&::after': {
      content: '""',
      width: active ? 20 : 10,
      height: 10,
      borderRadius: 5,
      // 3:1 or more against the page background (non-text contrast).
      bgcolor: active ? 'primary.main' : '#8b86a3',
      transition: 'width 200ms',
    },
  } as const;
}
