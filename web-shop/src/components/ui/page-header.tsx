import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The band at the top of an information page: its one `h1` and a subtitle (the tab is named by
 * the page's address, `RouteTitle`).
 * `id` lets the page's main section be labelled by the heading.
 */
export function PageHeader({
  id,
  title,
  subtitle,
  icon,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      component="header"
      sx={{ color: '#fff', background: 'linear-gradient(135deg, #2e1065 0%, #4c1d95 55%, #6d28d9 100%)' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 }, textAlign: 'center' }}>
        {icon && (
          <Box
            aria-hidden
            sx={{
              display: 'inline-grid',
              placeItems: 'center',
              width: 64,
              height: 64,
              mb: 2,
              borderRadius: '50%',
              bgcolor: 'rgba(255,255,255,0.14)',
              '& svg': { fontSize: 32 },
            }}
          >
            {icon}
          </Box>
        )}
        <Typography id={id} component="h1" variant="h1" sx={{ mb: subtitle ? 2 : 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography
            sx={{
              fontSize: { xs: '1.05rem', md: '1.2rem' },
              color: 'rgba(255,255,255,0.9)',
              maxWidth: 720,
              mx: 'auto',
            }}
          >
            {subtitle}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}

/**
 * An information page: its header band (`action` under the subtitle), then its content at the page's
 * width, or narrower (`width="md"`) for a page that reads as one column.
 */
export function InfoPage({
  id,
  title,
  subtitle,
  icon,
  action,
  width = 'lg',
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  action?: ReactNode;
  width?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader id={id} title={title} subtitle={subtitle} icon={icon}>
        {action}
      </PageHeader>
      <Container maxWidth={width} sx={{ py: { xs: 4, md: 6 } }}>
        {children}
      </Container>
    </>
  );
}
