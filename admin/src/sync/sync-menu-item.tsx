import SyncIcon from '@mui/icons-material/Sync';
import { Menu, useBasename, useTranslate } from 'react-admin';

/** The sync tab's entry in the side menu (a custom route: its link carries the back-office's base path). */
export function SyncMenuItem() {
  const translate = useTranslate();
  const basename = useBasename();
  return <Menu.Item to={`${basename}/sync`} primaryText={translate('shop.sync.menu')} leftIcon={<SyncIcon />} />;
}
