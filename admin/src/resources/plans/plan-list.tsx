import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  BooleanField,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import type { Plan } from '../../providers/data-provider';
import { PlanSaleChip } from './plan-sale-chip';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="onSale" source="onSale" alwaysOn />,
];

/** The plans in the shop's display order, those taken off sale included. */
export function PlanList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const price = (plan: Plan) => formatCents(plan.monthlyPriceCents, plan.currency, locale);
  return (
    <List filters={filters} sort={{ field: 'sortOrder', order: 'ASC' }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList<Plan>
          linkType="edit"
          primaryText={(plan) => plan.name}
          secondaryText={(plan) => translate('shop.plans.perMonth', { price: price(plan) })}
          tertiaryText={(plan) =>
            [
              translate(plan.onSale ? 'shop.plans.onSale' : 'shop.plans.offSale'),
              plan.popular ? translate('shop.plans.popular') : null,
            ]
              .filter(Boolean)
              .join(' · ')
          }
        />
      ) : (
        <DataTable<Plan> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="category" />
          <DataTable.Col source="monthlyPriceCents" align="right" render={price} />
          <DataTable.Col source="popular" align="center">
            <BooleanField source="popular" />
          </DataTable.Col>
          <DataTable.Col source="onSale">
            <PlanSaleChip />
          </DataTable.Col>
          <DataTable.Col source="updatedAt" cellSx={() => ({ whiteSpace: 'nowrap' })}>
            <DateField source="updatedAt" showTime locales={intlLocaleOf(locale)} />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
