import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { Menu, useBasename, useTranslate } from 'react-admin';

/** The VAT report's entry in the side menu (a custom route: its link carries the back-office's base path). */
export function VatReportMenuItem() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Menu.Item
      to={`${basename}/vat-report`}
      primaryText={translate('shop.vatReport.menu')}
      leftIcon={<AssessmentOutlinedIcon />}
    />
  );
}
