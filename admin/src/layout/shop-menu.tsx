import { Menu } from 'react-admin';
import { DashboardMenuItem } from '../dashboard/dashboard-menu-item';
import { FreeOfferMenuItem } from '../free-offer';
import { MailPreviewsMenuItem } from '../mail-previews';
import { SyncMenuItem } from '../sync';
import { VatReportMenuItem } from '../vat-report';

/** The side menu: the home page, every resource, the VAT report, then the tools that are not resources (the sync tab, the free offer, the e-mail preview). */
export function ShopMenu() {
  return (
    <Menu>
      <DashboardMenuItem />
      <Menu.ResourceItems />
      <VatReportMenuItem />
      <SyncMenuItem />
      <FreeOfferMenuItem />
      <MailPreviewsMenuItem />
    </Menu>
  );
}
