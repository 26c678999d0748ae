/**
 * Schema primitives every domain builds its bodies, queries and records from, so one rule
 * (NUL refused, formats declared, enums listed) holds across the API and its OpenAPI document.
 */
import { Type } from '@sinclair/typebox';
import type { SchemaOptions, StringOptions, TLiteral, TNull, TSchema, TString, TUnion, TUnsafe } from '@sinclair/typebox';
import { named } from './components.ts';

/**
 * Every text refuses NUL: PostgreSQL cannot store it in text, and no field needs it.
 * (Ajv matches with the unicode flag: \u0000 is the NUL character.)
 */
const NO_NUL = '^[^\\u0000]*$';

export interface TextOptions extends SchemaOptions {
  maxLength: number;
  minLength?: number;
  examples?: string[];
}

/** Input text: length-bounded, NUL refused. */
export function Text(options: TextOptions): TString {
  return Type.String({ ...options, pattern: NO_NUL });
}

/** Input text that may be null (null clears the field). */
export function NullableText(options: TextOptions): TUnion<[TString, TNull]> {
  return Type.Union([Text(options), Type.Null()]);
}

/** A required name-like text: at least one character. */
export function Name(maxLength: number, options: SchemaOptions = {}): TString {
  return Text({ minLength: 1, maxLength, ...options });
}

/** Another record's id given in input: any non-empty string without NUL. */
export function RefId(options: SchemaOptions = {}): TString {
  return Text({ minLength: 1, maxLength: 200, ...options });
}

export function Nullable<T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()], options);
}

export function Uuid(options: StringOptions = {}): TString {
  return Type.String({ format: 'uuid', examples: ['0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f'], ...options });
}

/** A timestamp with offset (`2025-03-01T09:30:00.000+00:00`). */
export function DateTime(options: StringOptions = {}): TString {
  return Type.String({ format: 'date-time', ...options });
}

/**
 * A UTC timestamp written without offset (`2025-03-01T09:30:00.000`): stock and movement times.
 * Years 0001-9998, hours 00-23, seconds 00-59, as the `date-time` format (see formats.ts).
 */
export function LocalDateTime(options: StringOptions = {}): TString {
  return Type.String({
    pattern: '^(?!0000|9999)\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?$',
    description: 'UTC timestamp without offset',
    ...options,
  });
}

/** A calendar date (`2025-03-01`). */
export function DateOnly(options: StringOptions = {}): TString {
  return Type.String({ format: 'date', ...options });
}

/** A decimal written as a string with exactly `scale` fraction digits (`"2.500"`). */
export function DecimalString(scale: number, options: StringOptions = {}): TString {
  return Type.String({ pattern: `^-?\\d+\\.\\d{${scale}}$`, description: `decimal with ${scale} fraction digits`, ...options });
}

/** A decimal given as a JSON number or a string ("2.5"): quantities and costs stay exact. */
export function DecimalInput(options: SchemaOptions = {}) {
  return Type.Union([Type.Number(), Type.String({ maxLength: 40, examples: ['2.5'] })], options);
}

/**
 * One of the listed strings. A union of literals for validation and static types; the
 * document renders it as `{ type: string, enum: [...] }`.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnion<Array<TLiteral<T[number]>>> {
  return Type.Union(
    values.map((v: T[number]) => Type.Literal(v)),
    options,
  );
}

/**
 * A stored value out of a list, as a record shows it: documented as the enum, typed as the
 * string storage gives back.
 */
export function EnumText(values: readonly string[], options: SchemaOptions = {}): TUnsafe<string> {
  return Type.Unsafe<string>(StringEnum(values, options));
}

/** The path parameter of a single record: no NUL (PostgreSQL cannot compare text with it, and no id contains it). */
export const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, pattern: NO_NUL, description: 'the record id' }) });

/** The one error envelope; `details` lists every key the server puts there. */
export const ErrorEnvelopeSchema = named(
  'ErrorEnvelope',
  Type.Object(
    {
      error: Type.String({
        description:
          'error class: bad_request, unauthorized, forbidden, not_found, conflict, payload_too_large, uri_too_long, unsupported_media_type, validation_error, too_many_requests, internal_error, service_unavailable',
      }),
      message: Type.String({ description: 'what went wrong, in a sentence' }),
      request_id: Type.String({ description: 'quote it to support; equals the X-Request-Id header' }),
      details: Type.Object(
        {
          error: Type.String({
            description:
              'the specific code: api_token_required, insufficient_scope, not_found, validation_error, stale_version, duplicate_id, already_exists, idempotency_in_progress, idempotency_claim_lost, malformed_json, empty_body, body_too_large, unsupported_media_type, unsupported_content_encoding, bad_url, uri_too_long, missing_host, duplicate_host, rate_limited, shutting_down, database_unavailable, statement_timeout, storage_full, internal_error, …',
          }),
          fields: Type.Optional(
            Type.Array(Type.Object({ field: Type.String({ description: 'dotted path into the body or query, e.g. lines.0.qty' }), message: Type.String() }), {
              description: 'validation_error: one entry per field',
            }),
          ),
          required_scope: Type.Optional(Type.String({ description: 'insufficient_scope: the token scope the operation needs' })),
          required_right: Type.Optional(Type.String({ description: 'insufficient_scope: the role right the token owner lacks ("all": an administrator)' })),
          expected_version: Type.Optional(Type.Integer({ description: 'stale_version: the version the change expected' })),
          reason: Type.Optional(Type.String({ description: 'a further code, e.g. idempotency_key_reused' })),
          id: Type.Optional(Type.String({ description: 'duplicate_id: the id that exists' })),
          limit: Type.Optional(Type.Integer({ description: 'rate_limited: requests allowed per minute' })),
          item_id: Type.Optional(Type.String({ description: 'stock refusals: the item' })),
          warehouse_id: Type.Optional(Type.String({ description: 'stock refusals: the warehouse' })),
          available: Type.Optional(Type.Number({ description: 'stock refusals: the quantity available' })),
          requested: Type.Optional(Type.Number({ description: 'stock refusals: the quantity asked for' })),
          reserved: Type.Optional(Type.Number({ description: 'reservation refusals: the quantity reserved' })),
        },
        { additionalProperties: true },
      ),
    },
    { description: 'Every error has this shape.' },
  ),
);

/** The envelope as a shared schema (`$ref: 'ErrorEnvelope'`) for routes that refer to it by id. */
export const ErrorEnvelope = Type.Object(ErrorEnvelopeSchema.properties, { $id: 'ErrorEnvelope', description: 'Every error has this shape.' });
