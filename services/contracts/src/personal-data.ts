import type { z } from 'zod';

/**
 * The mark of a field that holds a customer's personal data (a name, an e-mail, a billed company or
 * VAT number, words they wrote): `x-personal-data: true` in the API document. An API key without
 * the `read:personal-data` scope reads `WITHHELD_VALUE` in its place, and may not search by the
 * marked filters (403 `api_key.scope_missing`).
 */
export const PERSONAL_DATA_MARK = 'x-personal-data';

/** What a key without `read:personal-data` reads in place of a marked value (null stays null). */
export const WITHHELD_VALUE = '[withheld]';

/** Marks a text field as a customer's personal data (see `PERSONAL_DATA_MARK`). */
export const personalData = <T extends z.ZodType<string | null | undefined>>(schema: T): T =>
  schema.meta({ [PERSONAL_DATA_MARK]: true });
