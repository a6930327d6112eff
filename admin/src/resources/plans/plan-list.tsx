import { BooleanField, DataTable, NullableBooleanInput, SimpleList, useLocaleState, useTranslate } from 'react-admin';
import { ResponsiveList, dateTimeColumn, withSearch } from '../../components/responsive-list';
import { formatCents } from '../../lib/money';
import type { Plan } from '../../providers/data-provider';
import { PlanSaleChip } from './plan-sale-chip';
import { categoryName } from './plan-vocabulary';

const filters = withSearch(<NullableBooleanInput key="onSale" source="onSale" alwaysOn />);

/** The plans in the shop's display order, those taken off sale included. */
export function PlanList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const price = (plan: Plan) => formatCents(plan.monthlyPriceCents, plan.currency, locale);
  return (
    <ResponsiveList
      filters={filters}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      exporter={false}
      phone={
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
      }
    >
      <DataTable<Plan> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="category" render={(plan) => categoryName(translate, plan.category)} />
        <DataTable.Col source="monthlyPriceCents" align="right" render={price} />
        <DataTable.Col source="popular" align="center">
          <BooleanField source="popular" />
        </DataTable.Col>
        <DataTable.Col source="onSale">
          <PlanSaleChip />
        </DataTable.Col>
        {dateTimeColumn('updatedAt', locale)}
      </DataTable>
    </ResponsiveList>
  );
}
