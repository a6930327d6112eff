import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { CloseIcon } from '../icons';
import { LanguageToggle } from '../ui/language-toggle';
import { Logo } from './logo';
import { NAV_LINKS, type AccountLink } from './nav-links';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  account: AccountLink;
  isAdmin: boolean;
}

/** The header's drawer below 768 px; its own chunk, fetched when the menu is first opened. */
export default function MobileMenu({ id, open, onClose, account, isAdmin }: MobileMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(80vw, 300px)' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1.5 }}>
        <Logo onNavigate={onClose} />
        <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
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
            onClick={onClose}
          >
            <ListItemText primary={t(link.labelKey)} />
          </ListItemButton>
        ))}
      </List>
      <Box sx={{ display: 'grid', gap: 2, p: 2 }}>
        <LanguageToggle />
        {isAdmin && (
          <Button href="/admin" variant="outlined">
            {t('nav.admin')}
          </Button>
        )}
        <Button component={RouterLink} to={account.to} variant="contained" onClick={onClose}>
          {account.label}
        </Button>
      </Box>
    </Drawer>
  );
}
