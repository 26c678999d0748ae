/**
 * When the PostgreSQL half runs through a transaction pooler (TEST_DATABASE_URL is PgBouncer),
 * TEST_DATABASE_SESSION_URL names the server itself: every server, command and storage of the
 * tests gets, beside a pooled DATABASE_URL, the direct DATABASE_SESSION_URL of the same database
 * and schema, as an operator would configure it.
 */
export const POSTGRES_SESSION_URL = process.env.TEST_DATABASE_SESSION_URL || undefined;
const POOLER_URL = process.env.TEST_DATABASE_URL || undefined;

/** The direct twin of a pooled test database URL (same database, user and schema), or undefined when there is none. */
export function sessionUrlOf(databaseUrl: string | undefined): string | undefined {
  if (!POSTGRES_SESSION_URL || !POOLER_URL || databaseUrl === undefined || !/^postgres(ql)?:\/\//.test(databaseUrl)) return undefined;
  const url = new URL(databaseUrl);
  const pooler = new URL(POOLER_URL);
  if (url.host !== pooler.host) return undefined;
  const direct = new URL(POSTGRES_SESSION_URL);
  url.host = direct.host;
  return url.toString();
}

/** `env` with DATABASE_SESSION_URL added where its DATABASE_URL is pooled and it names no session URL of its own. */
export function withSessionUrl<E extends Record<string, string | undefined>>(env: E): E & { DATABASE_SESSION_URL?: string } {
  if (env.DATABASE_SESSION_URL !== undefined) return env;
  const session = sessionUrlOf(env.DATABASE_URL);
  return session === undefined ? env : { ...env, DATABASE_SESSION_URL: session };
}
