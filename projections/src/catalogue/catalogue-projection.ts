import type { CatalogueEvent } from '@shop/domain';
import { CATALOGUE_EVENT_TYPES } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

export const catalogueProjection: Projection = {
  name: 'catalogue',
  version: 3,
  tables: {
    plans: (table) => {
      table.text('id').primary();
      table.text('name').notNullable();
      table.text('category').notNullable().index();
      table.integer('monthly_price_cents').notNullable();
      table.text('currency').notNullable();
      table.boolean('popular').notNullable();
      table.text('logo').notNullable();
      table.jsonb('features').notNullable();
      // Null for a plan published before the count was part of a plan, until it is revised.
      table.integer('shared_users');
      table.integer('sort_order').notNullable();
      // Off sale: gone from the shop's list and from ordering; the subscriptions sold keep it.
      table.boolean('on_sale').notNullable().defaultTo(true).index();
      table.timestamp('published_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.integer('stream_version').notNullable();
    },
  },
  eventTypes: CATALOGUE_EVENT_TYPES,
  apply: async (recorded, { trx, table }) => {
    const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
    if (event.type === 'PlanWithdrawn' || event.type === 'PlanBackOnSale') {
      await trx(table('plans'))
        .where({ id: event.data.planId })
        .where('stream_version', '<', recorded.streamVersion)
        .update({
          on_sale: event.type === 'PlanBackOnSale',
          updated_at: recorded.recordedAt,
          stream_version: recorded.streamVersion,
        });
      return;
    }
    const plan = event.data;
    const row = {
      id: plan.planId,
      name: plan.name,
      category: plan.category,
      monthly_price_cents: plan.monthlyPriceCents,
      currency: plan.currency,
      popular: plan.popular,
      logo: plan.logo,
      features: JSON.stringify(plan.features),
      shared_users: plan.sharedUsers ?? null,
      sort_order: plan.sortOrder,
      updated_at: recorded.recordedAt,
      stream_version: recorded.streamVersion,
    };
    await trx(table('plans'))
      .insert({ ...row, published_at: recorded.recordedAt })
      .onConflict('id')
      .merge(Object.keys(row) as Array<keyof typeof row>)
      // A stream's events arrive in order; the guard keeps an older revision from winning anyway.
      .where(`${table('plans')}.stream_version`, '<', recorded.streamVersion);
  },
};
