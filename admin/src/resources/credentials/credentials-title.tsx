import { useRecordContext, useTranslate } from 'react-admin';
import type { CredentialsSummary } from './credentials-vocabulary';

/** "Identifiants Netflix — famille@example.com": the page title of one set. */
export function CredentialsTitle() {
  const set = useRecordContext<CredentialsSummary>();
  const translate = useTranslate();
  if (!set) return null;
  return (
    <span>
      {translate('shop.credentials.title', { plan: set.planName })} — {set.email}
    </span>
  );
}
