import { sqlitePathOf } from '../sqlite.ts';
import { backupFormatOf, BackupError } from './files.ts';
import type { BackupFormat } from './files.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';
import { backupSqlite, restoreSqlite } from './sqlite.ts';

export { BackupError } from './files.ts';

export interface BackupSummary {
  database: BackupFormat;
  file: string;
  bytes: number;
  tables: number;
  /** Migrations recorded in the copy: a restore runs none of them again. */
  migrations: number;
}

export interface RestoreSummary {
  database: BackupFormat;
  file: string;
  tables: number;
  migrations: number;
}

function kindOf(url: string): { format: BackupFormat; path: string } {
  if (url.startsWith('sqlite:')) {
    const path = sqlitePathOf(url);
    if (path === ':memory:') throw new BackupError('an in-memory database cannot be backed up or restored');
    return { format: 'sqlite', path };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { format: 'postgres', path: url };
  throw new BackupError(`the database URL must start with sqlite: or postgres://, got "${url}"`);
}

/** A consistent copy of the database at `url` in the new file `out`, taken while servers go on using it. */
export function backupDatabase(url: string, out: string): Promise<BackupSummary> {
  const { format, path } = kindOf(url);
  return format === 'sqlite' ? backupSqlite(path, out) : backupPostgres(path, out);
}

/**
 * Restores a backup into the empty database at `url`, of the same kind as the backup's. A new
 * SQLite file's folder must exist unless the database is the default one (`namedBy` undefined;
 * else the setting that named it, for the refusal).
 */
export async function restoreDatabase(from: string, url: string, namedBy: string | undefined): Promise<RestoreSummary> {
  const { format, path } = kindOf(url);
  const backup = await backupFormatOf(from);
  if (backup !== format) {
    throw new BackupError(`${from} is a backup of ${backup === 'sqlite' ? 'an SQLite' : 'a PostgreSQL'} database: restore it into a ${backup === 'sqlite' ? 'sqlite:' : 'postgres://'} database`);
  }
  return format === 'sqlite' ? restoreSqlite(from, path, namedBy) : restorePostgres(from, path);
}
