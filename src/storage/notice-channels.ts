/**
 * The PostgreSQL channel a notice travels on. NOTIFY reaches every session of the database, so
 * servers on different schemas of one database (the tests; several deployments sharing a
 * database) would wake for each other's commits: with a schema, its channels carry the schema's
 * name (hashed when the name would pass PostgreSQL's 63-byte limit).
 */
import { createHash } from 'node:crypto';

const MAX_IDENTIFIER = 63;

export interface ChannelNaming {
  physical(channel: string): string;
  /** The channel a notice heard on `physical` is for; undefined for another schema's. */
  logical(physical: string): string | undefined;
}

export function noticeChannelNaming(schema: string | undefined): ChannelNaming {
  if (schema === undefined) return { physical: (channel) => channel, logical: (physical) => physical };
  const suffix = `__${schema}`;
  const hashed = `__${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
  const logicalOf = new Map<string, string>();
  const physical = (channel: string) => {
    const name = channel.length + suffix.length <= MAX_IDENTIFIER ? `${channel}${suffix}` : `${channel}${hashed}`.slice(0, MAX_IDENTIFIER);
    logicalOf.set(name, channel);
    return name;
  };
  return { physical, logical: (name) => logicalOf.get(name) };
}
