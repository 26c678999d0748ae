/**
 * The statements that keep a table's list counters (list-counts.ts) exact: triggers that add a
 * written row to its views' counters and take a removed or changed one out, in the writer's own
 * transaction, whichever code path writes (the API, an import, a copy, a statement typed by
 * hand). A row counts in its base view ("*" and its archived flag) and, for each counted column
 * whose value is not NULL, in that column's view ("status=open*0").
 *
 * PostgreSQL adds inserted and deleted rows per statement (transition tables: one upsert per
 * view for a bulk insert), changed rows per row; each connection bumps its own slot of a view
 * (pg_backend_pid() modulo SLOTS), so concurrent writers of one collection rarely wait on one
 * counter row. SQLite writes one transaction at a time and keeps slot 0.
 */
import { ident } from './statements.ts';

/** What a table counts: its archived column (if it has one) and the columns whose values are counted views. */
export interface CountedTable {
  table: string;
  archived?: string | undefined;
  by?: readonly string[];
}

export const POSTGRES_COUNTER_SLOTS = 8;

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** SELECTs of (org_id, view, d): the views of the row `r` (NEW, OLD, or a table aliased r), each with `sign`. */
function deltaSelects(spec: CountedTable, r: string, sign: 1 | -1, from = ''): string[] {
  const flag = spec.archived === undefined ? `''` : `(CASE WHEN ${r}.${ident(spec.archived)} THEN '1' ELSE '0' END)`;
  const base = `SELECT ${r}."org_id" AS org_id, '*' || ${flag} AS view, ${sign} AS d${from}`;
  const byColumn = (spec.by ?? []).map((c) => {
    const column = `${r}.${ident(c)}`;
    return `SELECT ${r}."org_id" AS org_id, ${literal(`${c}=`)} || ${column} || '*' || ${flag} AS view, ${sign} AS d${from} WHERE ${column} IS NOT NULL`;
  });
  return [base, ...byColumn];
}

/** One upsert adding the deltas per (org, view), in (org, view) order so that writers take counter rows in one order. */
function upsert(spec: CountedTable, selects: readonly string[], slot: string): string {
  return (
    `INSERT INTO list_counts (org_id, collection, view, slot, n) ` +
    `SELECT org_id, ${literal(spec.table)}, view, ${slot}, sum(d) FROM (${selects.join(' UNION ALL ')}) deltas WHERE true ` +
    `GROUP BY org_id, view HAVING sum(d) <> 0 ORDER BY org_id, view ` +
    `ON CONFLICT (org_id, collection, view, slot) DO UPDATE SET n = list_counts.n + excluded.n`
  );
}

/** The columns whose change moves a row between views. */
function movingColumns(spec: CountedTable): string[] {
  return [...(spec.archived === undefined ? [] : [spec.archived]), ...(spec.by ?? [])];
}

function sqliteTriggers(spec: CountedTable): string[] {
  const t = ident(spec.table);
  const name = (what: string) => ident(`${spec.table}_list_counts_${what}`);
  const moving = movingColumns(spec);
  const statements = [
    `CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${t} BEGIN ${upsert(spec, deltaSelects(spec, 'new', 1), '0')}; END`,
    `CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${t} BEGIN ${upsert(spec, deltaSelects(spec, 'old', -1), '0')}; END`,
  ];
  if (moving.length > 0) {
    const changed = moving.map((c) => `old.${ident(c)} IS NOT new.${ident(c)}`).join(' OR ');
    const both = [...deltaSelects(spec, 'old', -1), ...deltaSelects(spec, 'new', 1)];
    statements.push(`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${moving.map(ident).join(', ')} ON ${t} WHEN ${changed} BEGIN ${upsert(spec, both, '0')}; END`);
  }
  return statements;
}

function postgresTriggers(spec: CountedTable): string[] {
  const t = ident(spec.table);
  const name = (what: string) => ident(`${spec.table}_list_counts_${what}`);
  const slot = `pg_backend_pid() % ${POSTGRES_COUNTER_SLOTS}`;
  const moving = movingColumns(spec);
  const added = upsert(spec, deltaSelects(spec, 'r', 1, ' FROM changed r'), slot);
  const removed = upsert(spec, deltaSelects(spec, 'r', -1, ' FROM changed r'), slot);
  const statements = [
    `CREATE FUNCTION ${name('rows')}() RETURNS trigger LANGUAGE plpgsql AS $counts$
BEGIN
  IF TG_OP = 'INSERT' THEN ${added}; ELSE ${removed}; END IF;
  RETURN NULL;
END
$counts$`,
    `CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${name('rows')}()`,
    `CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${t} REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${name('rows')}()`,
  ];
  if (moving.length > 0) {
    const changed = moving.map((c) => `OLD.${ident(c)} IS DISTINCT FROM NEW.${ident(c)}`).join(' OR ');
    const both = [...deltaSelects(spec, 'OLD', -1), ...deltaSelects(spec, 'NEW', 1)];
    statements.push(
      `CREATE FUNCTION ${name('moved')}() RETURNS trigger LANGUAGE plpgsql AS $counts$
BEGIN
  ${upsert(spec, both, slot)};
  RETURN NULL;
END
$counts$`,
      `CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${moving.map(ident).join(', ')} ON ${t} FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${name('moved')}()`,
    );
  }
  return statements;
}

/** Statements (literal text) that replace the table's counters by its rows' own count, in every organization. */
function recountStatements(spec: CountedTable): string[] {
  return [
    `DELETE FROM list_counts WHERE collection = ${literal(spec.table)}`,
    upsert(spec, deltaSelects(spec, 'r', 1, ` FROM ${ident(spec.table)} r`), '0'),
  ];
}

/** Recounts every counted table (list_count_specs rows as CountedTable): for a copy, whose rows went in by any path. */
export function recountAllStatements(specs: readonly CountedTable[]): string[] {
  return specs.flatMap(recountStatements);
}

/**
 * The migration statements that start counting `spec.table`: its triggers, its entry in
 * list_count_specs (so a recount knows it without knowing the domain), and its rows counted.
 */
export function listCountStatements(postgres: boolean, spec: CountedTable): string[] {
  const by = (spec.by ?? []).join(',');
  return [
    ...(postgres ? postgresTriggers(spec) : sqliteTriggers(spec)),
    `INSERT INTO list_count_specs (collection, archived_column, by_columns) VALUES (${literal(spec.table)}, ${spec.archived === undefined ? 'NULL' : literal(spec.archived)}, ${literal(by)})`,
    ...recountAllStatements([spec]),
  ];
}

/** A list_count_specs row as a CountedTable. */
export function countedTableOf(row: { collection: unknown; archived_column: unknown; by_columns: unknown }): CountedTable {
  const by = typeof row.by_columns === 'string' && row.by_columns !== '' ? row.by_columns.split(',') : [];
  return { table: String(row.collection), archived: typeof row.archived_column === 'string' ? row.archived_column : undefined, by };
}
