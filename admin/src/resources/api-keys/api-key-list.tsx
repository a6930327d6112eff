import type { ApiKeySummary } from '@shop/contracts';
import Chip from '@mui/material/Chip';
import {
  CreateButton,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  SimpleList,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ChipRow } from '../../components/record-chips';
import { dateTimeColumn, nowrap, ResponsiveList } from '../../components/responsive-list';
import { useLocales } from '../../i18n/i18n-provider';

/** Active or revoked, as a chip. */
function KeyStatusChip({ apiKey }: { apiKey: ApiKeySummary }) {
  const translate = useTranslate();
  return apiKey.revokedAt ? (
    <Chip size="small" label={translate('shop.apiKeys.revoked')} />
  ) : (
    <Chip size="small" color="success" label={translate('shop.apiKeys.active')} />
  );
}

/** When the key was last used (to the minute), or never. */
function LastUsed({ apiKey }: { apiKey: ApiKeySummary }) {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  return apiKey.lastUsedAt ? (
    <DateField record={apiKey} source="lastUsedAt" showTime locales={dateLocale} />
  ) : (
    <>{translate('shop.apiKeys.neverUsed')}</>
  );
}

/** Revokes an active key after confirmation; the key stays listed, revoked. */
function RevokeApiKeyButton() {
  const apiKey = useRecordContext<ApiKeySummary>();
  const translate = useTranslate();
  if (!apiKey || apiKey.revokedAt) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      label="shop.apiKeys.revoke"
      confirmTitle={translate('shop.apiKeys.revokeTitle', { name: apiKey.name })}
      confirmContent="shop.apiKeys.revokeConfirm"
      confirmColor="warning"
      successMessage="shop.apiKeys.revokedNotice"
    />
  );
}

const ListActions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/** Every key, revoked ones included (their history stays): never the key itself, only its first characters. */
export function ApiKeyList() {
  const translate = useTranslate();
  const { locale } = useLocales();
  return (
    <ResponsiveList
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      actions={<ListActions />}
      phone={
        <SimpleList<ApiKeySummary>
          linkType={false}
          primaryText={(apiKey) => apiKey.name}
          secondaryText={(apiKey) => `${apiKey.prefix}… · ${apiKey.scopes.join(', ')}`}
          tertiaryText={(apiKey) => translate(apiKey.revokedAt ? 'shop.apiKeys.revoked' : 'shop.apiKeys.active')}
        />
      }
    >
      <DataTable<ApiKeySummary> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col
          source="scopes"
          disableSort
          render={(apiKey) => <ChipRow items={apiKey.scopes} chipSx={{ fontFamily: 'monospace' }} />}
        />
        <DataTable.Col
          source="prefix"
          disableSort
          render={(apiKey) => <code>{`${apiKey.prefix}…`}</code>}
          cellSx={nowrap}
        />
        {dateTimeColumn('createdAt', locale)}
        <DataTable.Col<ApiKeySummary>
          source="lastUsedAt"
          render={(apiKey) => <LastUsed apiKey={apiKey} />}
          cellSx={nowrap}
        />
        <DataTable.Col<ApiKeySummary> source="revokedAt" render={(apiKey) => <KeyStatusChip apiKey={apiKey} />} />
        <DataTable.Col label="" disableSort>
          <RevokeApiKeyButton />
        </DataTable.Col>
      </DataTable>
    </ResponsiveList>
  );
}
