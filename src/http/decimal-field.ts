/** Exact decimal inputs (quantities, prices, amounts, rates) as scaled integers, or a 422 naming the field. */
import { toScaled } from '../storage/decimal.ts';
import { invalidField } from './errors.ts';

export interface DecimalFieldRules {
  /** The smallest value accepted, in scaled units. */
  min?: number;
  /** What a value beyond the exact range is told ("is too large" unless given). */
  tooLarge?: string;
  /** An example given when the value is no decimal number at all. */
  example?: string;
}

/** `value` as an integer of `scale` fraction digits (12.5 at scale 2 → 1250; see storage/decimal.ts). */
export function decimalField(field: string, value: number | string, scale: number, rules: DecimalFieldRules = {}): number {
  const parsed = toScaled(value, scale);
  if (!parsed.ok) {
    if (parsed.problem === 'too_many_fraction_digits') throw invalidField(field, `must have at most ${scale} fraction digits`);
    if (parsed.problem === 'too_large') throw invalidField(field, rules.tooLarge ?? 'is too large');
    throw invalidField(field, rules.example === undefined ? 'must be a decimal number' : `must be a decimal number such as ${rules.example}`);
  }
  if (rules.min !== undefined && parsed.value < rules.min) throw invalidField(field, `must be at least ${rules.min}`);
  return parsed.value;
}
