import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { User, UserSegment } from './user-vocabulary';

/** Green with a subscription in use, orange once it has expired, grey without; dark text on a light tint reads at AA. */
const COLOURS: Record<UserSegment, { bgcolor: string; color: string }> = {
  with: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  expired: { bgcolor: '#fff3e0', color: '#8a3c00' },
  without: { bgcolor: '#eceff1', color: '#37474f' },
};

/** The customer's standing as the seeds classify it: with a subscription, expired, or without. */
export function UserSegmentChip() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Chip
      size="small"
      sx={{ ...COLOURS[user.segment], fontWeight: 500 }}
      label={translate(`shop.users.segments.${user.segment}`, { _: user.segment })}
    />
  );
}
