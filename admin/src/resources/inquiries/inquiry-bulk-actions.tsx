import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { BulkActionDialog, BulkStatusChoices } from '../../components/bulk-dialog';
import type { ShopDataProvider } from '../../providers/data-provider';
import { INQUIRY_STATUSES, type InquiryStatus } from './inquiry-vocabulary';

/** The bar over the selected inquiries: move them on together (each by its own recorded action). */
export function InquiryBulkActions() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [to, setTo] = useState<InquiryStatus | ''>('');
  return (
    <BulkActionDialog
      resource="inquiries"
      messages="shop.bulk.status"
      icon={<SwapHorizIcon />}
      ready={to !== ''}
      act={(ids) => dataProvider.changeStatuses('inquiries', { ids, status: to })}
      shows={(inquiry) => inquiry.status === to}
      onClosed={() => setTo('')}
    >
      <BulkStatusChoices
        statuses={INQUIRY_STATUSES.filter((status) => status !== 'new')}
        labelOf={(status) => translate(`shop.inquiries.statuses.${status}`)}
        value={to}
        onChange={setTo}
      />
    </BulkActionDialog>
  );
}
