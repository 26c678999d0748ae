/**
 * The index behind a resource's `search`: a substring match of the lower-cased term in the
 * record's searchText() column (codecs.ts), answered from an index of the text's trigrams on
 * both databases, with exactly the results of `column LIKE containsPattern(term)`.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over the column (external content: the
 *   table itself, by rowid), kept by triggers. A term of three characters or more is looked up
 *   as a phrase (every trigram of the term, adjacent), and the LIKE then checks each candidate,
 *   so the answer is the LIKE's whatever the tokenizer folds. A shorter term has no trigram, and
 *   a term with more than MOST_INDEXED_MATCHES rows is common: either is the LIKE alone along
 *   the list's order (a page stops once full; the total reads the organization's records).
 * - PostgreSQL: a GIN index of pg_trgm on (org_id, column), btree_gin serving org_id, which the
 *   planner uses for the LIKE itself (it extracts the pattern's trigrams and rechecks every
 *   row). Where an extension cannot be created by the connecting role, the index does without
 *   it (column alone) or is left out (the LIKE scans, with the same results): see
 *   docs/decisions.md.
 */
import { containsPattern } from './codecs.ts';
import { ident, RowReader, usesNumberedPlaceholders } from './statements.ts';
import type { Db } from './statements.ts';

/** The shortest term the trigram index can answer: one trigram. */
const SHORTEST_INDEXED_TERM = 3;

/**
 * SQLite: the most rows the index hands to a list by rowid. A term matching more rows than this
 * in the file is common enough that walking the list in its order with the LIKE fills a page
 * sooner than looking up and sorting every match (a first page of "example" at 100,000 clients:
 * 0.04 ms walking, 227 ms through the index); its total then costs what it always did.
 */
export const MOST_INDEXED_MATCHES = 1000;

const reader = new RowReader();

/** The statements that create the search index of `table`'s `column` and fill it from the rows already there. */
export function searchIndexStatements(postgres: boolean, table: string, column: string): string[] {
  return postgres ? postgresIndex(table, column) : sqliteIndex(table, column);
}

/**
 * The condition (on the list's main table, aliased t) and its parameters that keep the records
 * matching `term`. On SQLite it first asks the index for the term's rows (at most
 * MOST_INDEXED_MATCHES + 1 of them) and hands those to the list; on PostgreSQL the planner
 * chooses between the index and the list's order itself, per term (custom plans).
 */
export async function searchCondition(db: Db, table: string, column: string, term: string): Promise<{ condition: string; params: unknown[] }> {
  const like = { condition: `t.${ident(column)} like ? escape '\\'`, params: [containsPattern(term)] };
  if (usesNumberedPlaceholders(db) || [...term].length < SHORTEST_INDEXED_TERM) return like;
  const index = ident(indexName(table));
  const rows = await reader.rows(db, `select "rowid" from ${index} where ${index} match ? limit ?`, [ftsPhrase(term), MOST_INDEXED_MATCHES + 1]);
  if (rows.length > MOST_INDEXED_MATCHES) return like;
  return { condition: `t."rowid" in (select "value" from json_each(?)) and ${like.condition}`, params: [JSON.stringify(rows.map((row) => row[0])), ...like.params] };
}

function indexName(table: string): string {
  return `${table}_search`;
}

/** The term as one FTS5 phrase: every character literal (a double quote doubled), folded as containsPattern folds it. */
function ftsPhrase(term: string): string {
  return `"${term.toLowerCase().replace(/\n/g, ' ').replaceAll('"', '""')}"`;
}

/** SQLite: the name and text of every search index's insert trigger (see sqliteIndex). */
export const SQLITE_SEARCH_INSERT_TRIGGERS = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_search\\_insert' ESCAPE '\\'";

/**
 * SQLite: the statement that fills, from its table, the index whose insert trigger was set aside
 * while the table was loaded in bulk (a copy into a new file): one pass costs a fraction of the
 * trigger's work row by row (20,000 clients: 41 ms of CPU against 175 ms).
 */
export function sqliteSearchRebuild(insertTrigger: string): string {
  const index = ident(insertTrigger.replace(/_insert$/, ''));
  return `INSERT INTO ${index} (${index}) VALUES ('rebuild')`;
}

function sqliteIndex(table: string, column: string): string[] {
  const index = indexName(table);
  const [t, c, i] = [ident(table), ident(column), ident(index)];
  const trigger = (what: string) => ident(`${index}_${what}`);
  const remove = `INSERT INTO ${i} (${i}, rowid, ${c}) VALUES ('delete', old.rowid, old.${c});`;
  const add = `INSERT INTO ${i} (rowid, ${c}) VALUES (new.rowid, new.${c});`;
  return [
    // case_sensitive 0 folds at least what LIKE folds, so the index never misses a row the LIKE keeps.
    `CREATE VIRTUAL TABLE ${i} USING fts5(${c}, content=${t}, content_rowid='rowid', tokenize='trigram case_sensitive 0')`,
    `CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${t} BEGIN ${add} END`,
    `CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${t} BEGIN ${remove} END`,
    `CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF ${c} ON ${t} WHEN old.${c} IS NOT new.${c} BEGIN ${remove} ${add} END`,
    `INSERT INTO ${i} (${i}) VALUES ('rebuild')`,
  ];
}

/** Where the search extensions are created when the database has none: a schema of their own. */
const EXTENSIONS_SCHEMA = 'bizplat_extensions';

/**
 * Creates the extensions the PostgreSQL search indexes use, where missing, once per database,
 * in `schema` (by default a schema of their own, so that dropping or swapping a bizplat schema,
 * as a restore does, never touches them or another schema's index), under a lock so that two
 * schemas migrating at once do not both create them. One the connecting role cannot create is
 * left out with a warning: the index then does without it (see postgresIndex). A restore runs it
 * too, with the schema its dump names, since a dump of one schema carries no extension.
 */
export function postgresSearchExtensions(schema: string = EXTENSIONS_SCHEMA): string {
  const target = `'${schema.replaceAll("'", "''")}'`;
  return `DO $extensions$
DECLARE
  wanted text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('bizplat.search_extensions'));
  FOREACH wanted IN ARRAY ARRAY['pg_trgm', 'btree_gin'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = wanted) THEN
      BEGIN
        EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I', ${target});
        EXECUTE format('CREATE EXTENSION %I SCHEMA %I', wanted, ${target});
      EXCEPTION WHEN OTHERS THEN
        RAISE WARNING 'extension % cannot be created (%): search is indexed without it; ask the database owner to run CREATE EXTENSION %', wanted, SQLERRM, wanted;
      END;
    END IF;
  END LOOP;
END
$extensions$`;
}

/** The schema whose pg_trgm operator class a dump's index definitions name, if any. */
export function trigramSchemaNamed(definitions: string): string | undefined {
  return /(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*))\.gin_trgm_ops\b/.exec(definitions)?.slice(1).find((s) => s !== undefined)?.replaceAll('""', '"');
}

/** The index on (org_id, column), org_id served by btree_gin; on the column alone without btree_gin; none without pg_trgm. */
function postgresIndex(table: string, column: string): string[] {
  const index = indexName(table);
  return [
    postgresSearchExtensions(),
    `DO $search$
DECLARE
  trgm name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  IF trgm IS NULL THEN
    RAISE WARNING 'search on ${table} is not indexed: pg_trgm is missing';
  ELSIF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    EXECUTE format('CREATE INDEX %I ON %I USING gin (%I %I.gin_trgm_ops)', '${index}', '${table}', '${column}', trgm);
  ELSE
    EXECUTE format('CREATE INDEX %I ON %I USING gin (org_id, %I %I.gin_trgm_ops)', '${index}', '${table}', '${column}', trgm);
  END IF;
END
$search$`,
  ];
}
