import RedeemIcon from '@mui/icons-material/Redeem';
import { Menu, useBasename, useTranslate } from 'react-admin';

/** The free offer's entry in the side menu (a custom route: its link carries the back-office's base path). */
export function FreeOfferMenuItem() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Menu.Item to={`${basename}/free-offer`} primaryText={translate('shop.freeOffer.menu')} leftIcon={<RedeemIcon />} />
  );
}
