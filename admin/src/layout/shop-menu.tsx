import { Menu } from 'react-admin';
import { FreeOfferMenuItem } from '../free-offer';
import { SyncMenuItem } from '../sync';

/** The side menu: the home page, every resource, then the tools that are not resources (the sync tab, the free offer). */
export function ShopMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <SyncMenuItem />
      <FreeOfferMenuItem />
    </Menu>
  );
}
