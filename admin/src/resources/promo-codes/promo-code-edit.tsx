import { Edit, useRecordContext, useTranslate } from 'react-admin';
import { PromoCodeForm, revisionBody } from './promo-code-form';
import type { PromoCode } from './promo-code-vocabulary';

function PromoCodeTitle() {
  const code = useRecordContext<PromoCode>();
  const translate = useTranslate();
  return <>{code ? translate('shop.promoCodes.editTitle', { code: code.code }) : ''}</>;
}

/**
 * A code's change, sent with the version the form was loaded at: pessimistic, since the server
 * refuses a form made stale by another change (409 promo.stale) rather than overwrite it.
 */
export function PromoCodeEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={revisionBody} redirect="list" title={<PromoCodeTitle />}>
      <PromoCodeForm />
    </Edit>
  );
}
