import NavigationRefresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useLoading, useNotify, useTranslate } from 'react-admin';

/**
 * The app bar's refresh, as react-admin's (every query of the screen asked again, a spinner while
 * anything loads), which also says when it is done: react-admin's own gives no sign when the data
 * did not change. A query that fails says so itself, and then nothing is said to be refreshed.
 */
export function RefreshButton() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const loading = useLoading();
  const label = translate('ra.action.refresh');
  const refresh = async () => {
    try {
      await queryClient.invalidateQueries(undefined, { throwOnError: true });
    } catch {
      return;
    }
    notify('shop.refreshed', { type: 'success' });
  };
  return (
    <Box sx={{ position: 'relative' }}>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={refresh} sx={{ opacity: loading ? 0 : 1 }}>
          <NavigationRefresh />
        </IconButton>
      </Tooltip>
      {loading && (
        <CircularProgress
          color="inherit"
          size={16}
          thickness={6}
          aria-hidden
          sx={{ position: 'absolute', top: '30%', left: '30%', pointerEvents: 'none' }}
        />
      )}
    </Box>
  );
}
