import Typography from '@mui/material/Typography';
import { Pagination, ReferenceManyField, useTranslate, type RaRecord, type ReferenceManyFieldProps } from 'react-admin';

/**
 * A section of a record's page listing the `reference` records that belong to it (by `target`):
 * 10 a page, with no choice of page size, or the sentence `empty` (a translation key) when there are none.
 */
export function RelatedRecords<ReferenceRecordType extends RaRecord = RaRecord>({
  empty,
  ...props
}: Omit<ReferenceManyFieldProps<RaRecord, ReferenceRecordType>, 'empty' | 'perPage' | 'pagination'> & {
  empty: string;
}) {
  const translate = useTranslate();
  return (
    <ReferenceManyField<RaRecord, ReferenceRecordType>
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      empty={<Typography variant="body2">{translate(empty)}</Typography>}
      {...props}
    />
  );
}
