import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useLogout, useTranslate } from 'react-admin';

/** The shop's account page where two-factor sign-in is turned on; it comes back to the back-office afterwards. */
export const TWO_FACTOR_SETUP_URL = '/security';

/**
 * What a staff member without two-factor sign-in sees: the API refuses every back-office request
 * (403 `auth.two_factor_required`) until it is on, and this page says why and leads to its set-up.
 */
export function TwoFactorRequiredPage() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('shop.staff.twoFactorRequired.title')}
          </Typography>
          <Typography variant="body1" sx={{ mb: 1 }}>
            {translate('shop.staff.twoFactorRequired.message')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('shop.staff.twoFactorRequired.then')}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" href={TWO_FACTOR_SETUP_URL}>
            {translate('shop.staff.twoFactorRequired.setUp')}
          </Button>
          <Button href="/admin">{translate('shop.staff.twoFactorRequired.retry')}</Button>
          <Button onClick={() => logout()}>{translate('shop.adminOnly.signOut')}</Button>
        </CardActions>
      </Card>
    </Box>
  );
}
