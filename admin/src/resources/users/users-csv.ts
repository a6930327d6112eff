import { csvEuros, toCsv, type CsvColumn } from '../../lib/csv';
import { exportCsv } from '../../lib/export-csv';
import type { User } from './user-vocabulary';

/** The users file's columns: who, since when, what they spent (euros), and their subscriptions on one line. */
const COLUMNS: ReadonlyArray<CsvColumn<User>> = [
  { header: 'id', value: (user) => user.id },
  { header: 'email', value: (user) => user.email },
  { header: 'fullName', value: (user) => user.fullName },
  { header: 'roles', value: (user) => user.roles.join(' ') },
  { header: 'segment', value: (user) => user.segment },
  { header: 'createdAt', value: (user) => user.createdAt },
  { header: 'totalSpentEuros', value: (user) => csvEuros(user.totalSpentCents) },
  {
    header: 'subscriptions',
    value: (user) =>
      user.subscriptions
        .map(
          (s) =>
            `${s.planName} ${csvEuros(s.totalCents)} ${s.status}${s.expiresAt ? ` ${s.expiresAt.slice(0, 10)}` : ''}`,
        )
        .join(' | '),
  },
];

export const usersCsv = (users: readonly User[]): string => toCsv(COLUMNS, users);

/**
 * react-admin's exporter for the users list, given the filters in use and the operator's language
 * (the file's name): the export is recorded first, and the file is made only once it is.
 */
export const usersExporter =
  (filter: Record<string, unknown>, locale: string, onUnrecorded: () => void) =>
  async (users: User[]): Promise<void> => {
    try {
      await exportCsv({ list: 'users', filter, columns: COLUMNS, rows: users, locale });
    } catch {
      onUnrecorded();
    }
  };
