import type { FastifyInstance } from 'fastify';
import { invalidFields } from './errors.ts';
import { lowerRequestIds } from './id-case.ts';
import type { FieldProblem } from './errors.ts';

/**
 * How deep a request body may nest objects and arrays. No record needs more than a few levels
 * (process variables are the deepest); the bound keeps every pass over a body (the id-case
 * pass, validation, serialization) far from the call stack's limit.
 */
const MAX_INPUT_DEPTH = 32;
const MAX_PROBLEMS = 20;

/**
 * NUL, and a UTF-16 surrogate without its pair (`"\ud800"` in JSON): neither is text. PostgreSQL
 * refuses both in JSON and NUL in text, SQLite would keep them, and an unpaired surrogate is
 * silently replaced on the way to either; so both are refused on input, alike everywhere.
 */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode text: it holds an unpaired UTF-16 surrogate';
  return undefined;
}

/** A value still to look at: where it stands is kept as a link to its parent, and spelled out only for a problem. */
interface Pending {
  value: unknown;
  key: string;
  parent: Pending | undefined;
  depth: number;
}

function pathOf(at: Pending | undefined, part: string): string {
  const keys: string[] = [];
  for (let p = at; p?.parent !== undefined; p = p.parent) keys.push(p.key);
  return keys.length === 0 ? part : keys.reverse().join('.');
}

/**
 * What in a parsed input (a body, a query, path parameters) no field may hold: text that is
 * not text (in values and in field names) and nesting deeper than MAX_INPUT_DEPTH. Walks with
 * its own stack, so the deepest input costs no recursion; `part` names a problem at the top.
 */
export function inputProblems(input: unknown, part: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const stack: Pending[] = [{ value: input, key: '', parent: undefined, depth: 0 }];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const at = stack.pop()!;
    const { value, depth } = at;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem !== undefined) problems.push({ field: pathOf(at, part), message: problem });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return [{ field: part, message: `is nested more than ${MAX_INPUT_DEPTH} levels deep` }];
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: at, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const keyProblem = textProblem(key);
      if (keyProblem !== undefined) problems.push({ field: pathOf(at, part), message: `has a field name that ${keyProblem}` });
      else stack.push({ value: (value as Record<string, unknown>)[key], key, parent: at, depth: depth + 1 });
    }
  }
  return problems.slice(0, MAX_PROBLEMS);
}

/** No body, or no parameters: most requests have one or the other, and no walk is started for them. */
function nothingIn(part: unknown): boolean {
  if (part === undefined || part === null) return true;
  if (typeof part !== 'object') return false;
  for (const _key in part) return false;
  return true;
}

/** The parts of a request checked, in this order (one array for every request). */
const REQUEST_PARTS = ['params', 'query', 'body'] as const;

/**
 * Before validation, every request's path parameters, query and body are checked by
 * inputProblems() (a refusal is 422 naming the field), then their ids lowered (the id-case pass,
 * which recurses, so it runs only on input within the bounds). One hook for both: each hook is
 * a step every request pays for.
 */
export function installInputPass(app: FastifyInstance): void {
  // Callback style: it runs on every request, and makes no promise for it.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of REQUEST_PARTS) {
      if (nothingIn(request[part])) continue;
      const fields = inputProblems(request[part], part);
      if (fields.length > 0) return done(invalidFields(fields, `invalid ${part}: `));
    }
    lowerRequestIds(request);
    done();
  });
}
