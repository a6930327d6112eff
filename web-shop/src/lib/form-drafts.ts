import type { FormikProps, FormikValues } from 'formik';
import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * What the visitor typed into the forms on screen, carried over a change of language: the shop's
 * router is built anew for the other language's addresses, which mounts every screen again.
 */
export class FormDrafts {
  private readonly live = new Map<string, FormikValues>();
  private carried = new Map<string, FormikValues>();

  /** The values of the form `key` as they stand. */
  keep(key: string, values: FormikValues): void {
    this.live.set(key, values);
  }

  /** The form `key` left the screen. */
  forget(key: string, values: FormikValues): void {
    if (this.live.get(key) === values) this.live.delete(key);
  }

  /** The language is about to change: the forms on screen are handed to their next mount. */
  carryOver(): void {
    this.carried = new Map(this.live);
  }

  /** Whether values were carried over for the form `key` (not taken yet). */
  carries(key: string): boolean {
    return this.carried.has(key);
  }

  /** The values carried over for the form `key`, once. */
  take(key: string): FormikValues | undefined {
    const values = this.carried.get(key);
    this.carried.delete(key);
    return values;
  }
}

/** Given by the shop's router; absent (screen tests), forms keep nothing. */
export const FormDraftsContext = createContext<FormDrafts | null>(null);

/**
 * Keeps the form `key`'s values across a change of language: mounted again in the other language,
 * it takes back what was typed (`onRestored` then redoes what they imply, a promo code's check).
 */
export function useFormDraft<Values extends FormikValues>(
  key: string,
  formik: FormikProps<Values>,
  onRestored?: (values: Values) => void,
): void {
  const drafts = useContext(FormDraftsContext);
  const { values, setValues } = formik;
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    const carried = drafts?.take(key) as Values | undefined;
    if (carried) {
      void setValues(carried, false);
      onRestored?.(carried);
    }
    return () => drafts?.forget(key, latest.current);
    // Once per mount: what was carried over is taken when the form appears.
  }, [drafts, key]);
  useEffect(() => {
    drafts?.keep(key, values);
  }, [drafts, key, values]);
}
