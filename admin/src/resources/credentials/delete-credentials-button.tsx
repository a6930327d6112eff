import { DeleteWithConfirmButton, HttpError, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { CredentialsSummary } from './credentials-vocabulary';

/**
 * Deletes a set after the seeds' confirmation. The server refuses while a subscription in use still
 * has it (409 credentials.in_use): the operator is told how many, and what to do first.
 */
export function DeleteCredentialsButton() {
  const set = useRecordContext<CredentialsSummary>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!set) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle={translate('shop.credentials.deleteTitle', { email: set.email })}
      confirmContent="shop.credentials.deleteConfirm"
      mutationOptions={{
        onError: (error: unknown) => {
          const body = error instanceof HttpError ? (error.body as { code?: string; subscriptions?: number }) : {};
          if (body?.code === 'credentials.in_use') {
            notify('shop.credentials.inUse', {
              type: 'error',
              multiLine: true,
              messageArgs: { smart_count: body.subscriptions ?? set.assignedCount },
            });
            return;
          }
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
        },
      }}
    />
  );
}
