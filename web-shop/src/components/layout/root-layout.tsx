import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../ui/page-loader';
import { BackHomeButton } from './back-home-button';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('skipToContent')}
      </Box>
      <ScrollToTop />
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <BackHomeButton />
      <Footer />
    </Box>
  );
}
