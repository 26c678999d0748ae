/**
 * The JSON Schemas of the tools, cut down from the OpenAPI document's to what an agent acts on, so
 * the tool list fits a model's context: examples, the "no NUL character" pattern every text field
 * carries, and descriptions repeated by the server's instructions or by the schema itself are left
 * out; a nullable field reads `type: [T, "null"]`, a choice of plain types `type: [T, U]`; component
 * references point into the tool's own `$defs`.
 */
import { wordsOf } from './descriptions.ts';

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const objectOf = (value: unknown): Json => (isObject(value) ? value : {});

const COMPONENT_REF = '#/components/schemas/';
/** Every text field of the API refuses NUL: said once in the instructions, not on every field. */
const NO_NUL = '^[^\\u0000]*$';
/**
 * Left out of every schema: examples, and the bounds and closedness an agent never comes near and the
 * API states in its refusal when one does (the full rules stay in the bizplat://openapi/… resources).
 */
const DROPPED = new Set(['example', 'examples', 'minimum', 'maximum', 'minLength', 'maxLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties', 'additionalProperties']);
export interface Trim {
  /** Component names referenced so far: their definitions go into `$defs`. */
  used: Set<string>;
  /** The fields described so far (name and description): a description is given once per toolset, on the first tool with the field. */
  said: Set<string>;
}

/**
 * A field's description cut to its first clause: what the field is; the rest is in the resources.
 * Whether it extends the spec is no matter to a caller, and every record a field names is the organization's.
 */
function clause(description: string): string {
  return (description.split(/; |\. | \(/)[0] ?? description).replace(/^(extension|beyond the spec): /, '').replace(/ of the organization(?=$|[ ,;:])/, '');
}

/** Field descriptions the server's instructions give once for every field they fit. */
const SHARED_DESCRIPTIONS = new Set(['at most two fraction digits', 'at most three fraction digits', 'validated']);

/** A description that says no more than the schema beside it: its enum's values, a date format's pattern, its types. */
function restatesSchema(schema: Json, description: string): boolean {
  if (SHARED_DESCRIPTIONS.has(description)) return true;
  if (description === 'a number or a decimal string' && JSON.stringify(schema.type) === '["number","string"]') return true;
  if (Array.isArray(schema.enum) && description === `one of ${schema.enum.join(', ')}`) return true;
  return schema.format === 'date' && description === 'YYYY-MM-DD';
}

/** A field's description that says no more than its name ("the warehouse" for warehouse_id). */
function namesItself(name: string, description: string): boolean {
  const named = new Set(wordsOf(name));
  return wordsOf(description).every((word) => named.has(word));
}

/** `property` without its description where the toolset said it for a field of this name before (or said it with less after it). */
export function saidOnce(name: string, property: unknown, said: Set<string>): unknown {
  if (!isObject(property) || typeof property.description !== 'string') return property;
  const key = `${name}\n${property.description}`;
  if (![...said].some((before) => key === before || key.startsWith(`${before}, `))) {
    said.add(key);
    return property;
  }
  const { description: _description, ...rest } = property;
  return rest;
}

const plainType = (option: unknown): option is { type: string } => isObject(option) && typeof option.type === 'string' && Object.keys(option).length === 1;

/**
 * `{anyOf: [X, {type: "null"}]}` as X with the type `[T, "null"]`, where X has one plain type;
 * `{anyOf: [{type: T}, {type: U}]}` as `{type: [T, U]}`.
 */
function nullableFolded(schema: Json): Json {
  const options = schema.anyOf;
  if (Array.isArray(options) && options.length > 1 && options.every(plainType)) {
    const { anyOf: _anyOf, ...rest } = schema;
    return { ...rest, type: options.map((option) => option.type) };
  }
  if (!Array.isArray(options) || options.length !== 2) return schema;
  const [first, second] = options;
  if (!isObject(first) || !isObject(second) || second.type !== 'null' || Object.keys(second).length !== 1) return schema;
  if (typeof first.type !== 'string' || 'anyOf' in first) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...first, ...rest, type: [first.type, 'null'] };
}

/** A trimmed copy of `schema`. */
export function trimmed(schema: unknown, trim: Trim): unknown {
  if (Array.isArray(schema)) return schema.map((item) => trimmed(item, trim));
  if (!isObject(schema)) return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || (key === 'pattern' && value === NO_NUL)) continue;
    if (key === 'description' && typeof value === 'string') {
      // A date-time's format is RFC 3339: an ISO 8601 time with its offset.
      const said = schema.format === 'date-time' ? clause(value).replace(/(^|, )ISO 8601 with offset$/, '') : clause(value);
      if (said !== '') copy.description = said;
    } else if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
      const name = value.slice(COMPONENT_REF.length);
      trim.used.add(name);
      copy.$ref = `#/$defs/${name}`;
    } else if (key === 'items' && isObject(value)) {
      // The array's own description says what its items are.
      const { description: _description, ...item } = value;
      copy.items = trimmed(item, trim);
    } else if (key === 'properties' && isObject(value)) {
      copy.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, saidOnce(name, described(name, trimmed(property, trim)), trim.said)]));
    } else {
      copy[key] = trimmed(value, trim);
    }
  }
  const folded = nullableFolded(copy);
  if (typeof folded.description === 'string' && restatesSchema(folded, folded.description)) delete folded.description;
  // An object open to any fields says so by having none listed.
  if (isObject(folded.properties) && Object.keys(folded.properties).length === 0) delete folded.properties;
  return folded;
}

/** `property` without a description its name already gives. */
function described(name: string, property: unknown): unknown {
  if (!isObject(property) || typeof property.description !== 'string' || !namesItself(name, property.description)) return property;
  const { description: _description, ...rest } = property;
  return rest;
}

/** The number of references to each definition in `schema`. */
function referenceCounts(schema: unknown, counts: Map<string, number>): Map<string, number> {
  if (Array.isArray(schema)) for (const item of schema) referenceCounts(item, counts);
  else if (isObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
      else referenceCounts(value, counts);
    }
  }
  return counts;
}

function inlined(schema: unknown, defs: Record<string, Json>, once: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, defs, once));
  if (!isObject(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string' && once.has(ref)) {
    const { $ref: _ref, ...rest } = schema;
    return { ...objectOf(inlined(defs[ref.slice('#/$defs/'.length)], defs, once)), ...rest };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, defs, once)]));
}

/** `schema` with the definitions referenced once written in place; the others stay in `$defs`. */
export function withDefinitions(schema: Json, defs: Record<string, Json>): Json {
  const counts = referenceCounts([schema, defs], new Map());
  const once = new Set([...counts].filter(([, count]) => count === 1).map(([ref]) => ref));
  const root = objectOf(inlined(schema, defs, once));
  const kept = Object.entries(defs).filter(([name]) => !once.has(`#/$defs/${name}`)).map(([name, def]) => [name, inlined(def, defs, once)]);
  return kept.length > 0 ? { ...root, $defs: Object.fromEntries(kept) } : root;
}

/** The components `trim.used` names, and the ones they reference in turn. */
export function definitions(components: Json, trim: Trim): Record<string, Json> {
  const defs: Record<string, Json> = {};
  const pending = [...trim.used];
  while (pending.length > 0) {
    const name = pending.pop();
    if (name === undefined || name in defs) continue;
    const more: Trim = { used: new Set(), said: trim.said };
    defs[name] = objectOf(trimmed(components[name], more));
    for (const next of more.used) if (!(next in defs)) pending.push(next);
  }
  return defs;
}

/** The schema `schema` stands for: a component reference resolved, a nullable one's non-null option. */
function resolved(schema: unknown, components: Json, depth = 0): Json {
  const value = objectOf(schema);
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF) && depth < 8) return resolved(components[ref.slice(COMPONENT_REF.length)], components, depth + 1);
  const options = Array.isArray(value.anyOf) ? value.anyOf.filter((option) => objectOf(option).type !== 'null') : [];
  return options.length === 1 ? resolved(options[0], components, depth + 1) : value;
}

/**
 * The shape of an answer: which fields it always has (`required`), and the same of the records in
 * its arrays and objects, `levels` deep. Types and rules are left to the document: the names are
 * what an agent reads the answer by, and every answer of the API has them (its schema is its whitelist).
 */
export function shapeOf(schema: unknown, components: Json, levels = 1): Json | undefined {
  const value = resolved(schema, components);
  const nullable = isNullable(schema, components);
  const type = (plain: string) => (nullable ? [plain, 'null'] : plain);
  if (value.type === 'array') {
    const items = levels > 0 ? shapeOf(value.items, components, levels - 1) : undefined;
    return { type: type('array'), ...(items ? { items } : {}) };
  }
  if (value.type !== 'object' || !isObject(value.properties)) return undefined;
  const names = Object.keys(value.properties);
  const required = Array.isArray(value.required) ? value.required.filter((name): name is string => typeof name === 'string' && names.includes(name)) : [];
  const properties: Record<string, Json> = {};
  for (const name of names) {
    const inner = levels > 0 ? shapeOf(value.properties[name], components, levels - 1) : undefined;
    const nested = inner !== undefined && ('required' in inner || 'items' in inner || 'properties' in inner);
    if (nested) properties[name] = inner;
    else if (!required.includes(name)) properties[name] = {};
  }
  return { type: type('object'), ...(required.length > 0 ? { required } : {}), ...(Object.keys(properties).length > 0 ? { properties } : {}) };
}

/** Whether `schema` (through its references) also takes null. */
function isNullable(schema: unknown, components: Json, depth = 0): boolean {
  const value = objectOf(schema);
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF) && depth < 8) return isNullable(components[ref.slice(COMPONENT_REF.length)], components, depth + 1);
  if (Array.isArray(value.type) && value.type.includes('null')) return true;
  return Array.isArray(value.anyOf) && value.anyOf.some((option) => objectOf(option).type === 'null');
}
