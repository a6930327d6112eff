import { z } from 'zod';

/** An amount of money in whole cents of the currency it goes with (negative on a credit note). */
export const cents = z.number().int();
