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
  const named = new Map<string, string>();
  const physical = (channel: string) => {
    let name = named.get(channel);
    if (name === undefined) {
      name = `${channel}__${schema}`;
      if (name.length > MAX_IDENTIFIER) name = `${channel}__${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`.slice(0, MAX_IDENTIFIER);
      named.set(channel, name);
    }
    return name;
  };
  return {
    physical,
    logical: (name) => {
      for (const [channel, known] of named) if (known === name) return channel;
      return undefined;
    },
  };
}
