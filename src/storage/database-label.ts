import { resolve } from 'node:path';
import { sqlitePathOf } from './sqlite.ts';

function quoted(text: string): string {
  return `"${text.replaceAll('"', '\\"')}"`;
}

/**
 * A database URL as an operator reads it before a command acts on it: the engine, then the file
 * (an absolute path) or the host, port, database, schema and user. Never the password.
 */
export function databaseLabel(url: string): string {
  if (url.startsWith('sqlite:')) {
    const path = sqlitePathOf(url);
    return path === ':memory:' ? 'SQLite database in memory' : `SQLite database ${resolve(path)}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'a database URL that cannot be read';
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return `a database of the unknown kind ${quoted(parsed.protocol)}`;
  const param = (name: string) => parsed.searchParams.get(name) ?? undefined;
  const host = parsed.hostname || param('host') || 'localhost';
  const port = parsed.port || param('port') || '5432';
  const user = decodeURIComponent(parsed.username) || param('user');
  const database = decodeURIComponent(parsed.pathname.slice(1)) || user || '(the default)';
  const schema = param('schema');
  const details = [schema !== undefined ? `schema ${quoted(schema)}` : 'its default schema', ...(user ? [`user ${quoted(user)}`] : [])];
  return `PostgreSQL database ${quoted(database)} on ${host}:${port} (${details.join(', ')})`;
}
