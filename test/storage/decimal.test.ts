import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatScaled, scaledToNumber, toScaled } from '../../src/storage/decimal.ts';

describe('storage/decimal', () => {
  it('parses decimal strings and numbers into scaled integers', () => {
    assert.deepEqual(toScaled('12.5', 2), { ok: true, value: 1250 });
    assert.deepEqual(toScaled(12.5, 2), { ok: true, value: 1250 });
    assert.deepEqual(toScaled('-3', 3), { ok: true, value: -3000 });
    assert.deepEqual(toScaled('0.001', 3), { ok: true, value: 1 });
    assert.deepEqual(toScaled(' 7.10 ', 2), { ok: true, value: 710 });
    assert.deepEqual(toScaled('1.2300', 2), { ok: true, value: 123 }, 'trailing zeros beyond the scale are harmless');
    assert.deepEqual(toScaled('-0.00', 2), { ok: true, value: 0 });
    assert.ok(Object.is((toScaled('-0', 2) as { value: number }).value, 0), 'no negative zero');
    assert.deepEqual(toScaled('007', 0), { ok: true, value: 7 });
    assert.deepEqual(toScaled(0.1 + 0.2, 2), { ok: false, problem: 'too_many_fraction_digits' }, 'a float artefact is refused, not rounded');
  });

  it('refuses what is not an exact decimal', () => {
    for (const bad of ['', 'abc', '1,5', '1e3', '.5', '5.', '+5', '--1', '0x10']) {
      assert.deepEqual(toScaled(bad, 2), { ok: false, problem: 'not_a_number' }, bad);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7]) {
      assert.deepEqual(toScaled(bad, 2), { ok: false, problem: 'not_a_number' }, String(bad));
    }
    assert.deepEqual(toScaled('1.234', 2), { ok: false, problem: 'too_many_fraction_digits' });
    assert.deepEqual(toScaled('90071992547409.93', 2), { ok: false, problem: 'too_large' });
    assert.deepEqual(toScaled('90071992547409.91', 2), { ok: true, value: Number.MAX_SAFE_INTEGER });
  });

  it('formats scaled integers with exactly `scale` fraction digits', () => {
    assert.equal(formatScaled(1250, 2), '12.50');
    assert.equal(formatScaled(5, 2), '0.05');
    assert.equal(formatScaled(-5, 3), '-0.005');
    assert.equal(formatScaled(0, 2), '0.00');
    assert.equal(formatScaled(42, 0), '42');
    assert.equal(formatScaled(-123456, 3), '-123.456');
    assert.equal(scaledToNumber(1250, 2), 12.5);
    assert.equal(scaledToNumber(-1, 3), -0.001);
  });

  it('round-trips every scaled integer exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 6 }), (value, scale) => {
        const text = formatScaled(value, scale);
        assert.deepEqual(toScaled(text, scale), { ok: true, value: value === 0 ? 0 : value });
      }),
    );
  });
});
