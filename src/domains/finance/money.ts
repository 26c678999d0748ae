/**
 * Exact money of the finance contour: amounts are hundredths (integers), rates millionths, and
 * conversion multiplies them as BigInt, so no amount ever passes through floating point.
 */
import { invalidField } from '../../http/errors.ts';
import { formatScaled, MONEY_SCALE } from '../../storage/decimal.ts';
import { decimalField } from '../../http/decimal-field.ts';

const RATE_SCALE = 6;
const RATE_ONE = 10 ** RATE_SCALE;
/** The largest amount accepted: 999 999 999 999.99 (also the limit of a converted amount). */
export const MAX_CENTS = 99_999_999_999_999;
export const MAX_AMOUNT_TEXT = '999999999999.99';
/** The largest rate accepted: 1 000 000 000 units of the organization currency per unit. */
const MAX_RATE_MICROS = 1_000_000_000 * RATE_ONE;

/** A money amount in hundredths: more than zero (or zero with `allowZero`), at most MAX_CENTS. */
export function moneyField(field: string, value: number | string, options: { allowZero?: boolean } = {}): number {
  const tooLarge = `must be at most ${MAX_AMOUNT_TEXT}`;
  const cents = decimalField(field, value, MONEY_SCALE, { tooLarge, example: '1250.50' });
  if (cents > MAX_CENTS) throw invalidField(field, tooLarge);
  if (options.allowZero ? cents < 0 : cents <= 0) throw invalidField(field, options.allowZero ? 'must not be negative' : 'must be more than zero');
  return cents;
}

/** An exchange rate in millionths: more than zero, at most 6 fraction digits. */
export function rateField(field: string, value: number | string): number {
  const micros = decimalField(field, value, RATE_SCALE, { example: '1250.50' });
  if (micros <= 0) throw invalidField(field, 'must be more than zero');
  if (micros > MAX_RATE_MICROS) throw invalidField(field, 'must be at most 1000000000');
  return micros;
}

export const ONE_RATE = RATE_ONE;

/** cents × rate, rounded half away from zero to hundredths; undefined beyond MAX_CENTS. */
export function convert(cents: number, rateMicros: number): number | undefined {
  const product = BigInt(cents) * BigInt(rateMicros);
  const rounded = (product + BigInt(RATE_ONE / 2)) / BigInt(RATE_ONE);
  return rounded > BigInt(MAX_CENTS) ? undefined : Number(rounded);
}

export function money(cents: number | string | bigint): string {
  return formatScaled(Number(cents), MONEY_SCALE);
}

export function rateText(micros: number | string | bigint): string {
  return formatScaled(Number(micros), RATE_SCALE);
}
