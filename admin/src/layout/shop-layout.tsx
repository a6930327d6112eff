import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  Loading,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  ToggleThemeButton,
  UserMenu,
  useGetIdentity,
  useLocaleState,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { AdminOnlyPage } from './admin-only-page';
import { TwoFactorRequiredPage } from './two-factor-required-page';
import { RefreshButton } from './refresh-button';
import { ShopMenu } from './shop-menu';

function BackToShopItem() {
  const translate = useTranslate();
  return (
    <MenuItem component="a" href="/">
      <ListItemIcon>
        <StorefrontIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('shop.backToShop')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The language menu; on a phone its icon alone (the language's name stays its accessible name), so
 * that the page's title keeps the room it needs.
 */
function CompactLocalesMenuButton() {
  return (
    <Box component="span" sx={{ '& .MuiButton-root': { fontSize: { xs: 0, sm: 'inherit' }, minWidth: 0 } }}>
      <LocalesMenuButton />
    </Box>
  );
}

function ShopAppBar() {
  const { identity } = useGetIdentity();
  return (
    <AppBar
      // react-admin's toolbar (the language menu, the light/dark toggle, then the refresh), with a refresh that says when it is done.
      toolbar={
        <>
          <CompactLocalesMenuButton />
          <ToggleThemeButton />
          <RefreshButton />
        </>
      }
      userMenu={
        // Named after what it shows (the operator's name), so speech users can say what they see.
        <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
          <BackToShopItem />
          <Logout />
        </UserMenu>
      }
    >
      {/* On a phone a long title wraps, a little smaller, rather than being cut. */}
      <TitlePortal
        sx={{
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          fontSize: { xs: '1rem', sm: '1.25rem' },
          lineHeight: { xs: 1.25, sm: 1.6 },
          overflowWrap: 'anywhere',
          py: { xs: 0.5, sm: 0 },
        }}
      />
    </AppBar>
  );
}

/** The page's language is the operator's (screen readers, hyphenation, the browser's own widgets). */
function DocumentLanguage() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

/**
 * The back-office's frame, for staff only. A signed-in customer gets the admin-only page instead:
 * no screen of the back-office is mounted, so nothing is even asked of /api/admin (which would refuse).
 */
export function ShopLayout({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  const { identity, isPending: identityPending } = useGetIdentity();
  if (isPending || identityPending) return <Loading />;
  if (!Array.isArray(permissions) || permissions.length === 0) return <AdminOnlyPage />;
  // Staff without two-factor sign-in: the API refuses them every screen, this page says why.
  if (identity?.twoFactorEnabled === false) return <TwoFactorRequiredPage />;
  return (
    <Layout appBar={ShopAppBar} menu={ShopMenu}>
      <DocumentLanguage />
      {children}
    </Layout>
  );
}
