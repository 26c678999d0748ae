/**
 * Named schemas for the OpenAPI document. A schema marked with `named('Client', schema)` is
 * validated and serialized inline as any other (no `$ref` for Ajv to resolve), and the document
 * shows it once under `#/components/schemas/Client`, referred to wherever it occurs.
 */
import type { TSchema } from '@sinclair/typebox';

/** The mark a named schema carries; unknown to Ajv and the serializer, which ignore it. */
export const COMPONENT_MARK = 'x-component';

const registry = new Map<string, TSchema>();

export function named<T extends TSchema>(name: string, schema: T): T {
  const marked = { ...schema, [COMPONENT_MARK]: name } as T;
  const existing = registry.get(name);
  if (existing && JSON.stringify(existing) !== JSON.stringify(marked)) throw new Error(`two different schemas are named ${name}`);
  registry.set(name, marked);
  return marked;
}

export function namedSchema(name: string): TSchema | undefined {
  return registry.get(name);
}
