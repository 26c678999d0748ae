import { CompiledQuery } from 'kysely';
import type { Compilable, QueryResult } from 'kysely';
import type { DatabaseCapabilities } from './database-capabilities.ts';
import { unansweredOnPostgres } from './pipelined.ts';
import type { Db } from './statements.ts';

/** A statement compiled once per database and shape, run with `tx.run(statement, ...args)`. */
export interface ReusableStatement<A extends unknown[], R> {
  run(db: Db, capabilities: DatabaseCapabilities, args: A): Promise<QueryResult<R>>;
}

/**
 * A hot-path statement built with Kysely (so its columns are type-checked) but compiled only
 * once per database and shape: building and compiling a query costs more than running it on
 * SQLite. `parameters` lists the values in the order the compiled SQL binds them; `shape` names
 * what changes the SQL text (say, the number of rows inserted). The first compile of
 * each shape checks that order and throws if it differs, so a value can never bind to the
 * wrong placeholder. The text is kept as the database's capabilities say (on PostgreSQL a named
 * prepared statement, planned once per connection). `unanswered`: for a write whose answer
 * its callers never read (see statements.ts's runUnansweredWrite).
 */
export function reusableStatement<A extends unknown[], R>(
  name: string,
  build: (db: Db, ...args: A) => Compilable<R>,
  parameters: (...args: NoInfer<A>) => readonly unknown[],
  shape: (...args: NoInfer<A>) => string = () => '',
  options: { unanswered?: boolean } = {},
): ReusableStatement<A, R> {
  const texts = new Map<DatabaseCapabilities, Map<string, string>>();
  return {
    run: (db, capabilities, args) => {
      let known = texts.get(capabilities);
      if (known === undefined) texts.set(capabilities, (known = new Map()));
      const key = shape(...args);
      const values = parameters(...args);
      const text = known.get(key);
      if (text !== undefined) return db.executeQuery<R>(CompiledQuery.raw(text, [...values]));
      const compiled = build(db, ...args).compile();
      const same = compiled.parameters.length === values.length && compiled.parameters.every((v, i) => v === values[i]);
      if (!same) throw new Error(`${name}: the parameters given do not match the order its compiled SQL binds them`);
      const reused = capabilities.reusedText(compiled.sql);
      // Its answer is never read: inside a PostgreSQL transaction it goes out with the next statement (pipelined.ts).
      if (options.unanswered === true) unansweredOnPostgres(reused);
      known.set(key, reused);
      return db.executeQuery(compiled);
    },
  };
}
