import { vi } from 'vitest';

/** The browser's own locale (`navigator.language`), which the checkout reads for the billing country; restored with the mocks. */
export function browserLocale(tag: string): void {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(tag);
}
