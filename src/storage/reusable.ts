import { CompiledQuery } from 'kysely';
import type { Compilable, Kysely, QueryResult, Transaction } from 'kysely';
import { preparedOnPostgres } from './postgres.ts';
import type { Database } from './schema.ts';
import type { Dialect } from './storage.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A hot-path statement built with Kysely (so its columns are type-checked) but compiled only
 * once per dialect and shape: building and compiling a query costs more than running it on
 * SQLite. `parameters` lists the values in the order the compiled SQL binds them; `shape` names
 * what changes the SQL text (say, the number of rows inserted). The first compile of
 * each shape checks that order and throws if it differs, so a value can never bind to the
 * wrong placeholder. On PostgreSQL the text is also a named prepared statement, planned once
 * per connection.
 */
export function reusableStatement<A extends unknown[], R>(
  name: string,
  build: (db: Db, ...args: A) => Compilable<R>,
  parameters: (...args: NoInfer<A>) => readonly unknown[],
  shape: (...args: NoInfer<A>) => string = () => '',
): (db: Db, dialect: Dialect, ...args: A) => Promise<QueryResult<R>> {
  const texts = new Map<string, string>();
  return (db, dialect, ...args) => {
    const key = `${dialect}:${shape(...args)}`;
    const values = parameters(...args);
    const text = texts.get(key);
    if (text !== undefined) return db.executeQuery<R>(CompiledQuery.raw(text, [...values]));
    const compiled = build(db, ...args).compile();
    const same = compiled.parameters.length === values.length && compiled.parameters.every((v, i) => v === values[i]);
    if (!same) throw new Error(`${name}: the parameters given do not match the order its compiled SQL binds them`);
    texts.set(key, dialect === 'postgres' ? preparedOnPostgres(compiled.sql) : compiled.sql);
    return db.executeQuery(compiled);
  };
}
