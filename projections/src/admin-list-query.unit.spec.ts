import { describe, expect, it } from 'vitest';
import { sortTable } from './admin-list-query.js';

describe('a list sort table', () => {
  it('sorts each field on its snake_case column, under the prefix, unless a column is named', () => {
    expect(sortTable(['id', 'receivedAt', 'monthlyPriceCents'])).toEqual({
      id: 'id',
      receivedAt: 'received_at',
      monthlyPriceCents: 'monthly_price_cents',
    });
    expect(sortTable(['code', 'percentOff'], { prefix: 'p.', columns: { id: 'p.code' } })).toEqual({
      code: 'p.code',
      percentOff: 'p.percent_off',
      id: 'p.code',
    });
  });
});
