import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRecordContext } from 'react-admin';
import type { HistorySubject } from '../providers/data-provider';
import { CredentialRevealsPanel } from './credential-reveals-panel';
import { HistoryTimeline } from './history-timeline';
import { StateAsOfPanel } from './state-as-of-panel';

/** The Show page's layout with an aside: side by side on a wide screen, the aside below on a narrow one. */
export const withAsideLayout: SxProps<Theme> = {
  '& .RaShow-main': { flexDirection: { xs: 'column', lg: 'row' }, gap: 2, alignItems: 'flex-start' },
  // The record's column only: `:first-of-type` matched the aside too (the first of its tag), which
  // then grew to its longest line (a long reason) and squeezed the record's column to nothing.
  '& .RaShow-main > :first-child': { width: { xs: '100%', lg: 'auto' }, minWidth: 0 },
};

/**
 * Beside a subscription or a customer: their history, for a subscription its state as of an
 * instant, for a customer the credential sets whose password they read.
 */
export function HistoryAside({ of }: { of: HistorySubject }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box component="aside" sx={{ width: { xs: '100%', lg: 440 }, flexShrink: 0, display: 'grid', gap: 2, minWidth: 0 }}>
      {of === 'subscriptions' && <StateAsOfPanel subscriptionId={String(record.id)} />}
      <HistoryTimeline of={of} id={String(record.id)} />
      {of === 'users' && <CredentialRevealsPanel by="user" id={String(record.id)} />}
    </Box>
  );
}
