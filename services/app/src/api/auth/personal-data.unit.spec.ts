import { personalData, WITHHELD_VALUE } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPersonalField, personalDataIn, withholdPersonalData } from './personal-data.js';

const customer = z.object({
  id: z.string(),
  email: personalData(z.string()),
  name: personalData(z.string().nullable()).optional(),
  plan: z.object({ id: z.string(), note: personalData(z.string()).nullable() }),
});

describe('withholdPersonalData', () => {
  it('puts [withheld] in place of each marked value, in lists and nested objects, and leaves null and absent values', () => {
    const answer = [
      { id: 'u1', email: 'ada@example.com', name: 'Ada', plan: { id: 'netflix', note: 'for my son' } },
      { id: 'u2', email: 'bob@example.com', name: null, plan: { id: 'spotify', note: null } },
      { id: 'u3', email: 'eve@example.com', plan: { id: 'vpn', note: null } },
    ];
    expect(withholdPersonalData(z.array(customer), answer)).toEqual([
      { id: 'u1', email: WITHHELD_VALUE, name: WITHHELD_VALUE, plan: { id: 'netflix', note: WITHHELD_VALUE } },
      { id: 'u2', email: WITHHELD_VALUE, name: null, plan: { id: 'spotify', note: null } },
      { id: 'u3', email: WITHHELD_VALUE, plan: { id: 'vpn', note: null } },
    ]);
    expect(answer[0]!.email).toBe('ada@example.com');
  });

  it('withholds a field any option of a union marks, whichever option the answer is', () => {
    const voided = customer.extend({ voidReason: z.string() });
    const answer = { id: 'u1', email: 'ada@example.com', plan: { id: 'netflix', note: null }, voidReason: 'duplicate' };
    expect(withholdPersonalData(z.union([voided, z.object({ id: z.string() })]), answer)).toEqual({
      ...answer,
      email: WITHHELD_VALUE,
    });
  });

  it('leaves an answer with nothing marked as it is', () => {
    const plain = z.object({ id: z.string(), count: z.number() });
    expect(withholdPersonalData(plain, { id: 'a', count: 3 })).toEqual({ id: 'a', count: 3 });
  });
});

describe('isPersonalField', () => {
  it('tells the marked fields of a list of rows, of one row and of a union of rows', () => {
    expect(isPersonalField(z.array(customer), 'email')).toBe(true);
    expect(isPersonalField(customer, 'name')).toBe(true);
    expect(isPersonalField(z.union([z.object({ id: z.string() }), customer]), 'email')).toBe(true);
    expect(isPersonalField(z.array(customer), 'id')).toBe(false);
    expect(isPersonalField(z.array(customer), 'nothing')).toBe(false);
  });
});

describe('personalDataIn', () => {
  const query = z.object({
    filter: z
      .string()
      .transform((value) => JSON.parse(value) as unknown)
      .pipe(z.object({ q: personalData(z.string()).optional(), status: z.string().optional() }))
      .optional()
      .default({}),
  });

  it('names the marked filters a parsed query gives a value, through JSON and defaults', () => {
    expect(personalDataIn(query, query.parse({ filter: '{"q":"lovelace","status":"active"}' }))).toEqual(['filter.q']);
    expect(personalDataIn(query, query.parse({ filter: '{"status":"active"}' }))).toEqual([]);
    expect(personalDataIn(query, query.parse({}))).toEqual([]);
  });
});
