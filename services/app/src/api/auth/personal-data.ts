import { PERSONAL_DATA_MARK, WITHHELD_VALUE } from '@shop/contracts';
import { z } from 'zod';

/**
 * The customers' personal data an answer or a query holds, found by the contracts' mark
 * (`personalData`, `x-personal-data` in the API document) on the schema that describes it. An API
 * key without `read:personal-data` reads the answers with the marked values withheld, and may not
 * search or sort a list by a marked field (docs/adr/0034-api-keys.md).
 */

const isMarked = (schema: z.ZodType): boolean => z.globalRegistry.get(schema)?.[PERSONAL_DATA_MARK] === true;

/** The schema a value is read against, past the wrappers that leave its shape as it is. */
function shapeOf(schema: z.ZodType): { schema: z.ZodType; marked: boolean } {
  let marked = isMarked(schema);
  let current = schema;
  for (;;) {
    const def = current.def as { type: string; innerType?: z.ZodType; out?: z.ZodType };
    const next = def.type === 'pipe' ? def.out : def.innerType;
    if (!next) return { schema: current, marked };
    current = next;
    marked ||= isMarked(current);
  }
}

/** Calls `visit` for each marked field that holds a value (not null, not absent), with its path. */
function eachMarked(
  schema: z.ZodType,
  value: unknown,
  visit: (holder: Record<string, unknown>, key: string, path: string) => void,
  path = '',
): void {
  const { schema: inner } = shapeOf(schema);
  const def = inner.def as { type: string; element?: z.ZodType; options?: z.ZodType[] };
  if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, index) => eachMarked(def.element!, item, visit, `${path}${index}.`));
  } else if (def.type === 'union') {
    // Whichever option describes it, a field any of them marks is personal.
    for (const option of def.options!) eachMarked(option, value, visit, path);
  } else if (def.type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const holder = value as Record<string, unknown>;
    for (const [key, field] of Object.entries((inner as z.ZodObject).shape)) {
      if (holder[key] === undefined || holder[key] === null) continue;
      if (shapeOf(field as z.ZodType).marked) visit(holder, key, `${path}${key}`);
      else eachMarked(field as z.ZodType, holder[key], visit, `${path}${key}.`);
    }
  }
}

/** `value` (an answer described by `schema`) with every marked value replaced by `WITHHELD_VALUE`; `value` is left as it is. */
export function withholdPersonalData(schema: z.ZodType, value: unknown): unknown {
  const copy = structuredClone(value);
  eachMarked(schema, copy, (holder, key) => {
    holder[key] = WITHHELD_VALUE;
  });
  return copy;
}

/** Whether the rows `schema` describes (a list, or one) mark their field `name`, by any of their shapes. */
export function isPersonalField(schema: z.ZodType, name: string): boolean {
  const { schema: inner } = shapeOf(schema);
  const def = inner.def as { type: string; element?: z.ZodType; options?: z.ZodType[] };
  if (def.type === 'array') return isPersonalField(def.element!, name);
  if (def.type === 'union') return def.options!.some((option) => isPersonalField(option, name));
  if (def.type !== 'object') return false;
  const field = (inner as z.ZodObject).shape[name] as z.ZodType | undefined;
  return field !== undefined && shapeOf(field).marked;
}

/** The paths of the marked fields `value` (a parsed query or body described by `schema`) gives a value. */
export function personalDataIn(schema: z.ZodType, value: unknown): string[] {
  const paths: string[] = [];
  eachMarked(schema, value, (_holder, _key, path) => paths.push(path));
  return paths;
}
