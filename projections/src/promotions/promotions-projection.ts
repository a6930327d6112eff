import { PROMOTION_EVENT_TYPES, type PromoCodeTerms, type PromotionEvent } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

/** A code's terms as its row holds them: a revision replaces them whole, as a definition sets them. */
const termColumns = (terms: PromoCodeTerms) => ({
  percent_off: terms.percentOff,
  valid_from: terms.validFrom,
  valid_until: terms.validUntil,
  usage_limit: terms.usageLimit,
});

/**
 * The promo codes as the back-office lists them. The shop never reads this table: an order or a
 * promo check folds the code's own stream, so an operator's change applies at once.
 */
export const promotionsProjection: Projection = {
  name: 'promotions',
  version: 1,
  tables: {
    promo_codes: (table) => {
      table.text('code').primary();
      table.integer('percent_off').notNullable().index();
      table.timestamp('valid_from', { useTz: true });
      table.timestamp('valid_until', { useTz: true }).index();
      table.integer('usage_limit');
      table.integer('times_used').notNullable().defaultTo(0).index();
      table.boolean('active').notNullable().index();
      // The decider's revision: what the operator changed, not counting redemptions.
      table.integer('revision').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable().index();
      table.timestamp('updated_at', { useTz: true }).notNullable().index();
      // The last event applied: a replayed or late event never counts twice.
      table.integer('stream_version').notNullable();
    },
  },
  eventTypes: PROMOTION_EVENT_TYPES,
  apply: async (recorded, { trx, table }) => {
    const event = { type: recorded.type, data: recorded.data } as PromotionEvent;
    const promoCodes = table('promo_codes');
    const at = recorded.recordedAt;
    const version = recorded.streamVersion;
    const existing = () => trx(promoCodes).where({ code: event.data.code }).where('stream_version', '<', version);
    /** An operator's change to an existing code: a new revision (a redemption is none). */
    const revise = (columns: Record<string, unknown>) =>
      existing().update({ ...columns, revision: trx.raw('revision + 1'), updated_at: at, stream_version: version });
    switch (event.type) {
      case 'PromoCodeDefined': {
        const terms = termColumns(event.data);
        await trx(promoCodes)
          .insert({
            code: event.data.code,
            ...terms,
            times_used: 0,
            active: true,
            revision: 1,
            created_at: at,
            updated_at: at,
            stream_version: version,
          })
          .onConflict('code')
          .merge({
            ...terms,
            active: true,
            revision: trx.raw('?? + 1', [`${promoCodes}.revision`]),
            updated_at: at,
            stream_version: version,
          })
          .where(`${promoCodes}.stream_version`, '<', version);
        return;
      }
      case 'PromoCodeRevised':
        await revise(termColumns(event.data));
        return;
      case 'PromoCodeDeactivated':
      case 'PromoCodeReactivated':
        await revise({ active: event.type === 'PromoCodeReactivated' });
        return;
      case 'PromoCodeRedeemed':
        await existing().update({ times_used: trx.raw('times_used + 1'), stream_version: version });
        return;
      case 'PromoCodeRedemptionReleased':
        // An order abandoned unpaid gave its use back.
        await existing().update({ times_used: trx.raw('times_used - 1'), stream_version: version });
        return;
    }
  },
};
