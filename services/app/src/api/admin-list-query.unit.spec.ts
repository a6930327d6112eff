import { describe, expect, it } from 'vitest';
import { contentRange } from './admin-list-query.js';

describe("a list page's Content-Range", () => {
  it('names the rows it holds, first and last, out of the total', () => {
    expect(contentRange('users', 0, 10, 42)).toBe('users 0-9/42');
    expect(contentRange('users', 40, 2, 42)).toBe('users 40-41/42');
  });

  it('claims no row when the page holds none: past the end, or nothing to list', () => {
    expect(contentRange('users', 10, 0, 9)).toBe('users */9');
    expect(contentRange('subscriptions', 999_999_999_999, 0, 7)).toBe('subscriptions */7');
    expect(contentRange('inquiries', 0, 0, 0)).toBe('inquiries */0');
  });
});
