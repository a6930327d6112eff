import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { QueryFeedback } from './query-feedback';

/**
 * A customer's list as the API answers it (`{ data: [...] }`): `QueryFeedback` while it loads or when it
 * could not be read; its empty text and a link to explore the plans when it holds nothing; else one `<ul>`
 * of what `renderItem` makes of each entry (an `<li>`). `text` names each of these texts.
 */
export function QueryList<T>({
  query,
  text,
  renderItem,
}: {
  query: UseQueryResult<{ data: T[] }>;
  text: (key: 'loading' | 'loadError' | 'empty' | 'explore') => string;
  renderItem: (item: T) => ReactNode;
}) {
  if (query.status !== 'success') {
    return <QueryFeedback status={query.status} loading={text('loading')} loadError={text('loadError')} />;
  }
  if (query.data.data.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 3 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{text('empty')}</Typography>
        <Button component={RouterLink} to="/subscriptions" variant="contained">
          {text('explore')}
        </Button>
      </Box>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {query.data.data.map(renderItem)}
    </Stack>
  );
}
