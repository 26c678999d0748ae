import { CompiledQuery } from 'kysely';
import type { Db } from './statements.ts';

/**
 * A single-row read whose SQL text is compiled once per database handle: building and compiling
 * a Kysely query costs more than running it on SQLite. The text is reused only when the compiled
 * parameters are exactly `params`, in order, so a value can never bind to the wrong place.
 */
export function preparedRead<R, P extends string[]>(build: (db: Db, ...params: P) => { compile(): CompiledQuery<R> }) {
  const texts = new WeakMap<Db, string>();
  return async (db: Db, ...params: P): Promise<R | undefined> => {
    const text = texts.get(db);
    if (text !== undefined) return (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows[0];
    const compiled = build(db, ...params).compile();
    if (compiled.parameters.length === params.length && compiled.parameters.every((v, i) => v === params[i])) texts.set(db, compiled.sql);
    return (await db.executeQuery(compiled)).rows[0];
  };
}
