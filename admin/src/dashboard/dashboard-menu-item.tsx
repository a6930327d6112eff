import DashboardIcon from '@mui/icons-material/Dashboard';
import Box from '@mui/material/Box';
import { Menu, useTranslate } from 'react-admin';
import { useWorkQueue } from './use-work-queue';
import { visuallyHidden } from '../components/visually-hidden';

/** The count on the icon's corner, in the theme's error red (MUI's Badge look, without its weight in the first load). */
const badge = {
  position: 'absolute',
  top: -6,
  right: -10,
  minWidth: 20,
  height: 20,
  px: 0.75,
  borderRadius: 10,
  bgcolor: 'error.main',
  color: 'error.contrastText',
  fontSize: '0.75rem',
  fontWeight: 500,
  lineHeight: '20px',
  textAlign: 'center',
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
        <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
          <DashboardIcon />
          {total > 0 && (
            <Box component="span" aria-hidden data-testid="work-queue-badge" sx={badge}>
              {total > 99 ? '99+' : total}
            </Box>
          )}
        </Box>
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
