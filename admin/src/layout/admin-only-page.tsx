import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useLogout, usePermissions, useTranslate } from 'react-admin';

/**
 * What a signed-in customer sees at /admin: why there is nothing for them here, and the ways out.
 * A staff member sees it on a page their roles do not open, with the words for that.
 */
export function AdminOnlyPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const { permissions } = usePermissions();
  const staff = Array.isArray(permissions) && permissions.length > 0;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 520 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(staff ? 'shop.staff.notForRole.title' : 'shop.adminOnly.title')}
          </Typography>
          <Typography variant="body1">
            {translate(staff ? 'shop.staff.notForRole.message' : 'shop.adminOnly.message')}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" href="/">
            {translate('shop.backToShop')}
          </Button>
          <Button onClick={() => logout()}>{translate('shop.adminOnly.signOut')}</Button>
        </CardActions>
      </Card>
    </Box>
  );
}
