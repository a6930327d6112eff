import DashboardIcon from '@mui/icons-material/Dashboard';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { Menu, useTranslate } from 'react-admin';
import { useWorkQueue } from './use-work-queue';

/** Read by screen readers, not shown: the badge's number says it to the eye. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The menu's dashboard entry with a badge: how many things wait for the operator (the work queue's
 * total), asked again every minute, shown on the icon so that the folded menu shows it too.
 */
export function DashboardMenuItem() {
  const translate = useTranslate();
  const { data } = useWorkQueue();
  const total = data?.total ?? 0;
  return (
    <Menu.DashboardItem
      leftIcon={
        <Badge
          badgeContent={total}
          color="error"
          max={99}
          slotProps={{ badge: { 'aria-hidden': true, ...({ 'data-testid': 'work-queue-badge' } as object) } }}
        >
          <DashboardIcon />
        </Badge>
      }
      primaryText={
        <>
          {translate('ra.page.dashboard')}
          {total > 0 && (
            <Box
              component="span"
              sx={visuallyHidden}
            >{` (${translate('shop.workQueue.badge', { smart_count: total })})`}</Box>
          )}
        </>
      }
    />
  );
}
