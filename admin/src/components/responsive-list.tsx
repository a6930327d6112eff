import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement, ReactNode } from 'react';
import { DataTable, DateField, List, SearchInput, type ListProps } from 'react-admin';
import { intlLocaleOf } from '../i18n/i18n-provider';
import { RowDialogHost } from './row-dialog-host';

/**
 * A list of 25 rows a page that reads as one line per record on a phone or a tablet (`phone`,
 * react-admin's SimpleList) and as its table from 'md' up; `header` stands above either.
 */
export function ResponsiveList({
  phone,
  header,
  children,
  ...props
}: Omit<ListProps, 'children'> & { phone: ReactElement; header?: ReactNode; children: ReactElement }) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List perPage={25} {...props}>
      {header}
      {/* Crossing the width swaps the table for the lines and remounts every row: the dialogs the rows open are kept above. */}
      <RowDialogHost>{small ? phone : children}</RowDialogHost>
    </List>
  );
}

/** A table cell's style (`cellSx`) that keeps its date, amount or code on one line. */
export const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;

/** A table's column of an instant (when the record was created, or last changed): date and time, on one line. */
export function dateTimeColumn(source: 'createdAt' | 'updatedAt', locale: string) {
  return (
    <DataTable.Col source={source} cellSx={nowrap}>
      <DateField source={source} showTime locales={intlLocaleOf(locale)} />
    </DataTable.Col>
  );
}

/** A list's filters: the search box every list opens with, then the list's own. */
export const withSearch = (...filters: ReactElement[]) => [<SearchInput key="q" source="q" alwaysOn />, ...filters];
