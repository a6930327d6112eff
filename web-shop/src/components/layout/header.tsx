import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../../features/auth/hooks/use-session';
import { CloseIcon, MenuIcon } from '../icons';
import { LanguageToggle } from '../ui/language-toggle';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';

export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { session } = useSession();
  // Signed in: the profile; otherwise (and while the session loads) the sign-in page.
  const account =
    session.status === 'signedIn'
      ? { to: '/profile', label: t('nav.profile'), title: session.user.email }
      : { to: '/auth', label: t('nav.login'), title: undefined };

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
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
            <Button component={RouterLink} to={account.to} title={account.title} variant="contained">
              {account.label}
            </Button>
          </Box>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, ml: 'auto' }}>
            <IconButton
              edge="end"
              aria-label={t('nav.openMenu')}
              aria-controls="mobile-menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          </Box>
        </Toolbar>
      </Container>
      <Drawer
        id="mobile-menu"
        anchor="right"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        slotProps={{ paper: { sx: { width: 'min(80vw, 300px)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1.5 }}>
          <Logo onNavigate={() => setMenuOpen(false)} />
          <IconButton aria-label={t('nav.closeMenu')} onClick={() => setMenuOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <List component="nav" aria-label={t('nav.label')}>
          {NAV_LINKS.map((link) => (
            <ListItemButton
              key={link.to}
              component={RouterLink}
              to={link.to}
              selected={pathname === link.to}
              onClick={() => setMenuOpen(false)}
            >
              <ListItemText primary={t(link.labelKey)} />
            </ListItemButton>
          ))}
        </List>
        <Box sx={{ display: 'grid', gap: 2, p: 2 }}>
          <LanguageToggle />
          <Button component={RouterLink} to={account.to} variant="contained" onClick={() => setMenuOpen(false)}>
            {account.label}
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
