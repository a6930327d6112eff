import Box from '@mui/material/Box';
import { Suspense, useCallback, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../ui/page-loader';
import { BackHomeButton } from './back-home-button';
import { Footer } from './footer';
import { Header } from './header';
import { NavigationErrorBoundary } from './navigation-error';
import { ScrollToTop } from './scroll-to-top';
import { shouldShowSplash, splashDone, SplashScreen } from './splash-screen';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <SplashGate>
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
        <NavigationErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </NavigationErrorBoundary>
      </Box>
      <BackHomeButton />
      <Footer />
    </SplashGate>
  );
}

/**
 * The splash of a first visit over the shop, which loads behind it out of reach of the keyboard
 * until it is gone. Its own component: showing or hiding it changes an attribute around the page,
 * whose elements come from the layout unchanged and are not rendered again.
 */
function SplashGate({ children }: { children: ReactNode }) {
  // Decided once mounted, before the browser paints: the server, which cannot tell, renders the page
  // without it, and the browser's first render of a page it hydrates must be the server's.
  const [splash, setSplash] = useState(false);
  useLayoutEffect(() => {
    if (shouldShowSplash()) setSplash(true);
  }, []);
  const hideSplash = useCallback(() => {
    splashDone();
    setSplash(false);
  }, []);

  return (
    <>
      {splash && <SplashScreen onDone={hideSplash} />}
      <Box inert={splash} sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        {children}
      </Box>
    </>
  );
}
