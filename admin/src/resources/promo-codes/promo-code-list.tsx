import { CreateButton, DataTable, NullableBooleanInput, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { ResponsiveList, dateTimeColumn, withSearch } from '../../components/responsive-list';
import { useLocales } from '../../i18n/i18n-provider';
import { PromoCodeActiveChip } from './promo-code-active-chip';
import { usageOf, validityOf, type PromoCode } from './promo-code-vocabulary';

const filters = withSearch(<NullableBooleanInput key="active" source="active" alwaysOn />);

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** The promo codes, newest first: what each takes off, when it applies, how often it was used. */
export function PromoCodeList() {
  const translate = useTranslate();
  const { locale, dateLocale: intlLocale } = useLocales();
  return (
    <ResponsiveList
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      phone={
        <SimpleList<PromoCode>
          linkType="edit"
          primaryText={(code) =>
            `${code.code} · ${translate('shop.promoCodes.percentOff', { percent: code.percentOff })}`
          }
          secondaryText={(code) => validityOf(code, translate, intlLocale)}
          tertiaryText={(code) =>
            `${usageOf(code, translate)} · ${translate(code.active ? 'shop.promoCodes.active' : 'shop.promoCodes.inactive')}`
          }
        />
      }
    >
      <DataTable<PromoCode> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.NumberCol source="percentOff" />
        <DataTable.Col
          source="validUntil"
          label="resources.promo-codes.fields.validity"
          render={(code) => validityOf(code as PromoCode, translate, intlLocale)}
        />
        <DataTable.Col source="timesUsed" align="right" render={(code) => usageOf(code as PromoCode, translate)} />
        <DataTable.Col source="active">
          <PromoCodeActiveChip />
        </DataTable.Col>
        {dateTimeColumn('updatedAt', locale)}
      </DataTable>
    </ResponsiveList>
  );
}
