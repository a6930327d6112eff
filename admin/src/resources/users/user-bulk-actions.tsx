import { useLocaleState, useNotify } from 'react-admin';
import { ExportSelectionButton } from '../../components/bulk-dialog';
import type { User } from './user-vocabulary';
import { usersExporter } from './users-csv';

/** The bar over the selected users: export them alone, to the users' file. */
export function UserBulkActions() {
  const notify = useNotify();
  const [locale] = useLocaleState();
  return (
    <ExportSelectionButton<User>
      exporter={(filter, users) =>
        usersExporter(filter, locale, () => notify('shop.users.export.failed', { type: 'error' }))(users)
      }
    />
  );
}
