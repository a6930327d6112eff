import { Create, useTranslate } from 'react-admin';
import { creationBody, PromoCodeForm } from './promo-code-form';

export function PromoCodeCreate() {
  const translate = useTranslate();
  return (
    <Create title={translate('shop.promoCodes.createTitle')} transform={creationBody} redirect="list">
      <PromoCodeForm creating />
    </Create>
  );
}
