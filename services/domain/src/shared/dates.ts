/**
 * Adds calendar months in UTC, clamping to the last day of the target month
 * (31 January + 1 month = 28 or 29 February), as customers read "one month".
 */
export function addMonthsUtc(isoOrDate: string | Date, months: number): Date {
  const start = new Date(isoOrDate);
  const targetMonthIndex = start.getUTCMonth() + months;
  const firstOfTarget = new Date(
    Date.UTC(
      start.getUTCFullYear(),
      targetMonthIndex,
      1,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
  const lastDayOfTarget = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(start.getUTCDate(), lastDayOfTarget));
  return firstOfTarget;
}
