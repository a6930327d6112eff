import { BooleanField, DataTable, DateField, List, useLocaleState, useTranslate } from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';

/** GET /api/admin/users (services/app/src/api/routes/admin-routes.ts). */
interface User {
  id: string;
  email: string;
  fullName: string;
  role: 'customer' | 'admin';
  twoFactorEnabled: boolean;
  createdAt: string;
}

/** The accounts, newest first. The API answers the latest 100 at once, unsorted by request: no pages, no sorting. */
export function UserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List pagination={false} perPage={100} exporter={false}>
      <DataTable<User> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="fullName" disableSort />
        <DataTable.Col
          source="role"
          disableSort
          render={(user) => translate(`shop.roles.${user.role}`, { _: user.role })}
        />
        <DataTable.Col source="twoFactorEnabled" disableSort>
          <BooleanField source="twoFactorEnabled" />
        </DataTable.Col>
        <DataTable.Col source="createdAt" disableSort>
          <DateField source="createdAt" showTime locales={intlLocaleOf(locale)} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
