import { downloadCSV } from 'react-admin';
import { recordExport } from './users-api';
import type { User } from './user-vocabulary';

/** A CSV cell: quoted when it holds a separator, a quote or a line break; formulas defused for spreadsheets. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

export function usersCsv(users: readonly User[]): string {
  const header = ['id', 'email', 'fullName', 'role', 'segment', 'createdAt', 'totalSpentEuros', 'subscriptions'];
  const rows = users.map((user) => [
    user.id,
    user.email,
    user.fullName,
    user.role,
    user.segment,
    user.createdAt,
    euros(user.totalSpentCents),
    user.subscriptions
      .map(
        (s) => `${s.planName} ${euros(s.totalCents)} ${s.status}${s.expiresAt ? ` ${s.expiresAt.slice(0, 10)}` : ''}`,
      )
      .join(' | '),
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
}

/**
 * react-admin's exporter for the users list, given the filters in use: the export is recorded
 * first (it carries personal data out of the shop), and the file is made only once it is.
 */
export const usersExporter =
  (filter: Record<string, unknown>, onUnrecorded: () => void) =>
  async (users: User[]): Promise<void> => {
    try {
      await recordExport({ resource: 'users', filter, count: users.length });
    } catch {
      onUnrecorded();
      return;
    }
    downloadCSV(usersCsv(users), `utilisateurs-${new Date().toISOString().slice(0, 10)}`);
  };
