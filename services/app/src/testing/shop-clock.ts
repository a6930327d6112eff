import { addMonthsUtc } from '@shop/domain';
import { useTestShop, type ShopUnderTest, type ShopUnderTestOptions } from './shop-under-test.js';

export const HOUR = 3_600_000;

/** `months` calendar months after the instant `iso`, as ISO text (as the shop extends a subscription). */
export const monthsAfter = (iso: string, months: number) => addMonthsUtc(new Date(iso), months).toISOString();

export interface ShopClock {
  /** The shop's now: the instant last set, plus the real time passed since. Give it to the shop as its clock. */
  readonly now: () => Date;
  /** Sets the clock to `instant` (real time's now when omitted); it runs on from there as real time does. */
  set(instant?: Date | string | number): void;
}

/** A shop's clock: set by the test, then running on as real time does; starts at `start` (real time's now). */
export function shopClock(start: Date | string | number = Date.now()): ShopClock {
  let setAt = { shop: new Date(start).getTime(), real: Date.now() };
  return {
    now: () => new Date(setAt.shop + (Date.now() - setAt.real)),
    set(instant = Date.now()) {
      setAt = { shop: new Date(instant).getTime(), real: Date.now() };
    },
  };
}

export interface ShopOnClock {
  shop: ShopUnderTest;
  clock: ShopClock;
  /** The shop's clock moves on; timers whose time has come run (as the worker's reconciliation does). */
  moveClockTo(instant: Date | string): Promise<void>;
}

/**
 * A shop for the file (see useTestShop) on a clock the tests move, starting at `startAt` (real
 * time's now when omitted).
 */
export function useShopOnClock(
  label: string,
  options: Omit<ShopUnderTestOptions, 'clock'> & { startAt?: Date | string | number } = {},
): ShopOnClock {
  const { startAt, ...shopOptions } = options;
  const clock = shopClock(startAt);
  const shop = useTestShop(label, { ...shopOptions, clock: clock.now });
  return {
    shop,
    clock,
    async moveClockTo(instant) {
      clock.set(instant);
      await shop.runtime.queue.reconcile();
    },
  };
}
