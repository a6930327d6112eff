import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each screen is a lazy chunk: the first test of a file waits for vitest to transform it and its imports.
configure({ asyncUtilTimeout: 10_000 });

/**
 * happy-dom checks a number input's step with a floating-point remainder (7.99 % 0.01 is not 0), so
 * it finds most prices in euros invalid and the form is never submitted; browsers compare in decimal.
 * The same rule, counted in steps from the minimum and rounded, as the HTML standard says.
 */
const stepMismatch = Object.getOwnPropertyDescriptor(window.ValidityState.prototype, 'stepMismatch');
Object.defineProperty(window.ValidityState.prototype, 'stepMismatch', {
  get(this: ValidityState & { element?: HTMLInputElement }) {
    const input = this.element;
    if (input?.type !== 'number' || !input.step || input.step === 'any' || input.value === '')
      return stepMismatch?.get?.call(this) ?? false;
    const steps = (Number(input.value) - Number(input.min || 0)) / Number(input.step);
    return Math.abs(steps - Math.round(steps)) > 1e-9;
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
