import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { Menu, useBasename, useTranslate } from 'react-admin';

/** The e-mail preview's entry in the side menu (a custom route: its link carries the back-office's base path). */
export function MailPreviewsMenuItem() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Menu.Item
      to={`${basename}/mail-previews`}
      primaryText={translate('shop.mailPreviews.menu')}
      leftIcon={<MailOutlinedIcon />}
    />
  );
}
