import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { MenuIcon } from '../icons';
import { LanguageToggle } from '../ui/language-toggle';
import { Logo } from './logo';
import { NAV_LINKS, type AccountLink } from './nav-links';

// The drawer (and the modal machinery under it) is only for small screens, and only once opened.
const MobileMenu = lazy(() => import('./mobile-menu'));
const MOBILE_MENU_ID = 'mobile-menu';

export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { session } = useSession();
  // Signed in: the profile; otherwise (and while the session loads) the sign-in page.
  const account: AccountLink =
    session.status === 'signedIn'
      ? { to: '/profile', label: t('nav.profile'), title: session.user.email }
      : { to: '/auth', label: t('nav.login'), title: undefined };
  // The server decides the roles (GET /api/me) and enforces them on /api/admin; this only shows staff the way in.
  const isAdmin = session.status === 'signedIn' && session.user.roles.some((role) => role !== 'customer');

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
          <Logo />
          <Box
            component="nav"
            aria-label={t('nav.label')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3, flexGrow: 1 }}
          >
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end
                color="inherit"
                sx={{ '&.active': { color: 'primary.main', bgcolor: 'rgba(76,29,149,0.08)' } }}
              >
                {t(link.labelKey)}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1.5 }}>
            <LanguageToggle />
            {isAdmin && (
              // A full page load: the back-office is its own application, not a screen of the shop.
              <Button href="/admin" variant="outlined">
                {t('nav.admin')}
              </Button>
            )}
            <Button component={RouterLink} to={account.to} title={account.title} variant="contained">
              {account.label}
            </Button>
          </Box>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, ml: 'auto' }}>
            <IconButton
              edge="end"
              aria-label={t('nav.openMenu')}
              aria-controls={menuLoaded ? MOBILE_MENU_ID : undefined}
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
          </Box>
        </Toolbar>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            account={account}
            isAdmin={isAdmin}
          />
        </Suspense>
      )}
    </Box>
  );
}
