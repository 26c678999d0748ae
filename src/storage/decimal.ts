/**
 * Exact decimals: money and quantities are kept as integers of a fixed scale (cents, thousandths)
 * and never pass through floating point arithmetic.
 */

/** Money is kept in cents and quantities in thousandths, in every domain (one decision, one place). */
export const MONEY_SCALE = 2;
export const QTY_SCALE = 3;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export type DecimalProblem = 'not_a_number' | 'too_many_fraction_digits' | 'too_large';

export type ScaledResult = { ok: true; value: number } | { ok: false; problem: DecimalProblem };

/** Largest magnitude kept exactly: integers beyond 2^53 lose precision in JS. */
const MAX_SCALED = Number.MAX_SAFE_INTEGER;

/** Parses "12.5", 12.5 or "-3" into an integer of `scale` fraction digits (12.5 at scale 2 → 1250). */
export function toScaled(input: string | number, scale: number): ScaledResult {
  const text = typeof input === 'number' ? numberText(input) : input.trim();
  if (text === null) return { ok: false, problem: 'not_a_number' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'not_a_number' };
  const [, sign, whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) return { ok: false, problem: 'too_many_fraction_digits' };
  const digits = `${whole}${trimmed.padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > MAX_SCALED) return { ok: false, problem: 'too_large' };
  return { ok: true, value: sign && value !== 0 ? -value : value };
}

function numberText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  // 1e21 and 1e-7 style renderings are outside what the API accepts as an exact amount.
  return /e/i.test(text) ? null : text;
}

/** 1250 at scale 2 → "12.50". */
export function formatScaled(value: number, scale: number): string {
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** 1250 at scale 2 → 12.5, for fields the API gives as plain JSON numbers. */
export function scaledToNumber(value: number, scale: number): number {
  return Number(formatScaled(value, scale));
}
