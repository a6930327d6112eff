import { CanAccess, Menu } from 'react-admin';
import { DashboardMenuItem } from '../dashboard/dashboard-menu-item';
import { FreeOfferMenuItem } from '../free-offer';
import { MailPreviewsMenuItem } from '../mail-previews';
import { SyncMenuItem } from '../sync';
import { VatReportMenuItem } from '../vat-report';

/**
 * The side menu: the home page, every resource, the VAT report, then the tools that are not
 * resources (the sync tab, the free offer, the e-mail preview). Each entry shows only to the roles
 * it is for (see providers/permissions.ts; resources through react-admin's own access check).
 */
export function ShopMenu() {
  return (
    <Menu>
      <DashboardMenuItem />
      <Menu.ResourceItems />
      <CanAccess resource="vat-report" action="list">
        <VatReportMenuItem />
      </CanAccess>
      <CanAccess resource="sync" action="list">
        <SyncMenuItem />
      </CanAccess>
      <CanAccess resource="free-offer" action="list">
        <FreeOfferMenuItem />
      </CanAccess>
      <CanAccess resource="mail-previews" action="list">
        <MailPreviewsMenuItem />
      </CanAccess>
    </Menu>
  );
}
