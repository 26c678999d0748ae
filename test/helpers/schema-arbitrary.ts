/**
 * fast-check values for an operation of the served OpenAPI document: shaped by the declared
 * schema, with hostile values mixed in at every level (leap seconds, extreme years, unpaired
 * surrogates, NUL, deep nesting, huge numbers, wrong types, long strings).
 */
import fc from 'fast-check';

type Schema = Record<string, unknown>;
export type Components = Record<string, Schema>;

const nested = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

/** The classes of value each field meets now and then, whatever its declared type. */
export const HOSTILE_VALUES: readonly unknown[] = [
  '2016-12-31T23:59:60Z',
  '2030-06-30T23:59:60+03:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:00:00-05:00',
  '10000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '0000-02-29',
  '9999-12-31',
  '2030-02-30',
  '2030-01-01T24:00:00Z',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  'end\ud83d',
  'x'.repeat(70_000),
  '',
  ' ',
  '1e400',
  '-1',
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 63,
  -(2 ** 31) - 1,
  2 ** 31,
  1e21,
  -0.5,
  0,
  true,
  null,
  [],
  {},
  nested(40),
  ['\u0000'],
  { '\ud800': 1 },
];

export const hostile: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE_VALUES);

function resolve(schema: Schema, components: Components): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = components[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`unknown schema ${ref}`);
  return resolve(target, components);
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function stringOf(schema: Schema): fc.Arbitrary<unknown> {
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  const maxLength = Math.min(num(schema.maxLength) ?? 40, 40);
  const minLength = Math.min(num(schema.minLength) ?? 0, maxLength);
  const plain = fc.string({ minLength, maxLength });
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().replace('Z', '+05:00'), d.toISOString().replace('.000Z', '-03:30')));
    case 'date':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.constantFrom('https://example.com/hook', 'http://127.0.0.1/x', 'ftp://x', 'https://');
    case 'email':
      return fc.emailAddress();
    default:
      return examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), plain) : plain;
  }
}

/**
 * A value for `schema`: its declared shape; with `mixed`, a hostile value now and then at every
 * level.
 */
export function valueOf(raw: Schema, components: Components, mixed: boolean, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, components);
  let shaped: fc.Arbitrary<unknown>;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) shaped = fc.oneof(...variants.map((v) => valueOf(v, components, mixed, depth)));
  else if ('const' in schema) shaped = fc.constant(schema.const);
  else if (Array.isArray(schema.enum)) shaped = fc.constantFrom(...(schema.enum as unknown[]));
  else if (schema.type === 'string') shaped = stringOf(schema);
  else if (schema.type === 'integer') shaped = fc.integer({ min: num(schema.minimum) ?? -1000, max: num(schema.maximum) ?? 1_000_000 });
  else if (schema.type === 'number') {
    // Amounts and quantities: cents mostly, any double now and then.
    const min = num(schema.minimum) ?? -1e6;
    const max = num(schema.maximum) ?? 1e9;
    shaped = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: Math.ceil(min * 100), max: Math.floor(Math.min(max, 1e7) * 100) }).map((n) => n / 100) },
      { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    );
  }
  else if (schema.type === 'boolean') shaped = fc.boolean();
  else if (schema.type === 'null') shaped = fc.constant(null);
  else if (schema.type === 'array') {
    const items = depth > 4 ? fc.constant(null) : valueOf((schema.items as Schema | undefined) ?? {}, components, mixed, depth + 1);
    shaped = fc.array(items, { maxLength: Math.min(num(schema.maxItems) ?? 3, 3) });
  } else if (schema.type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) record[name] = depth > 4 ? fc.constant(null) : valueOf(property, components, mixed, depth + 1);
    const required = ((schema.required ?? []) as string[]).filter((name) => name in record);
    shaped = fc.record(record, { requiredKeys: required });
    if (schema.additionalProperties !== false && Object.keys(properties).length === 0) shaped = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  } else {
    shaped = fc.jsonValue({ maxDepth: 2 });
  }
  return mixed ? fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: hostile }) : shaped;
}

/** A body: shaped by the schema, or the documented example with one field made hostile, or hostile whole. */
export function bodyOf(schema: Schema, components: Components, example: unknown): fc.Arbitrary<unknown> {
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 3, arbitrary: valueOf(schema, components, false) },
    { weight: 3, arbitrary: valueOf(schema, components, true) },
    { weight: 1, arbitrary: hostile },
  ];
  if (example !== null && typeof example === 'object' && !Array.isArray(example)) {
    const fields = Object.keys(example);
    if (fields.length > 0) {
      const mutated = fc.tuple(fc.constantFrom(...fields), hostile).map(([field, value]) => ({ ...example, [field]: value }));
      options.push({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: fc.constant(example) });
    }
  }
  return fc.oneof(...options);
}

/** A query value as text: what the value would be in a URL (arrays as repeated values are left to the caller). */
export function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/**
 * encodeURIComponent, except that an unpaired surrogate (which it refuses) goes out as the three
 * bytes UTF-8 would give it: what a careless client sends.
 */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
