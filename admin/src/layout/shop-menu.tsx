import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import RedeemIcon from '@mui/icons-material/Redeem';
import SyncIcon from '@mui/icons-material/Sync';
import type { ReactElement } from 'react';
import { CanAccess, Menu, useBasename, useTranslate } from 'react-admin';
import { DashboardMenuItem } from '../dashboard/dashboard-menu-item';

/** The pages that are not resources, in the menu's order: each a custom route, its access checked under its path. */
const TOOLS: { path: string; label: string; icon: ReactElement }[] = [
  { path: 'vat-report', label: 'shop.vatReport.menu', icon: <AssessmentOutlinedIcon /> },
  { path: 'sync', label: 'shop.sync.menu', icon: <SyncIcon /> },
  { path: 'free-offer', label: 'shop.freeOffer.menu', icon: <RedeemIcon /> },
  { path: 'mail-previews', label: 'shop.mailPreviews.menu', icon: <MailOutlinedIcon /> },
];

/**
 * The side menu: the home page, every resource, the VAT report, then the tools that are not
 * resources (the sync tab, the free offer, the e-mail preview). Each entry shows only to the roles
 * it is for (see providers/permissions.ts; resources through react-admin's own access check).
 */
export function ShopMenu() {
  const translate = useTranslate();
  // A custom route's link carries the back-office's base path.
  const basename = useBasename();
  return (
    <Menu>
      <DashboardMenuItem />
      <Menu.ResourceItems />
      {TOOLS.map(({ path, label, icon }) => (
        <CanAccess key={path} resource={path} action="list">
          <Menu.Item to={`${basename}/${path}`} primaryText={translate(label)} leftIcon={icon} />
        </CanAccess>
      ))}
    </Menu>
  );
}
