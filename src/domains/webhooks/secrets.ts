/** Subscription secrets at rest: sealed with the server key, bound to their subscription. */
import type { Sealer } from '../../platform/sealer.ts';
import type { RuntimeContext } from '../module.ts';
import { serverSealer } from '../../platform/server-key.ts';
import type { Reseal, SealedProbe } from '../../platform/server-key.ts';
import { oneStoredSecretLike, replaceStoredTarget, storedTargets } from './queries.ts';
import { parseTargetUrl } from './target-url.ts';

const PURPOSE = 'webhook-secret';
const SEALED = 'sealed1:';
/** How secrets were stored before they were sealed: the 64 hex characters as issued. */
const PLAIN = /^[0-9a-f]{64}$/;

export function sealSecret(sealer: Sealer, orgId: string, subscriptionId: string, secret: string): string {
  return `${SEALED}${sealer.seal(PURPOSE, `${orgId}/${subscriptionId}`, secret)}`;
}

/** The secret to sign with, or undefined when the stored value does not open with this server's key. */
export function openSecret(sealer: Sealer, orgId: string, subscriptionId: string, stored: string): string | undefined {
  if (stored.startsWith(SEALED)) return sealer.open(PURPOSE, `${orgId}/${subscriptionId}`, stored.slice(SEALED.length));
  return PLAIN.test(stored) ? stored : undefined;
}

/** One sealed secret as the server key must open it: how a start tells whether its key is this database's. */
export const sealedSecretSample: SealedProbe = async (db) => {
  const row = await oneStoredSecretLike(db, SEALED);
  return row === undefined ? undefined : { purpose: PURPOSE, context: `${row.org_id}/${row.id}`, sealed: row.secret.slice(SEALED.length) };
};

function resealed(stored: unknown, context: string, from: Sealer, to: Sealer): unknown {
  if (typeof stored !== 'string' || !stored.startsWith(SEALED)) return stored;
  const secret = from.open(PURPOSE, context, stored.slice(SEALED.length));
  // One that does not open signs nothing on the source either: it stays as it is.
  return secret === undefined ? stored : `${SEALED}${to.seal(PURPOSE, context, secret)}`;
}

/** A subscription row with its current and previous secret sealed again under another key. */
export const resealSubscription: Reseal = (row, from, to) => {
  const context = `${String(row.org_id)}/${String(row.id)}`;
  return { ...row, secret: resealed(row.secret, context, from, to), previous_secret: resealed(row.previous_secret, context, from, to) };
};

function normalizedUrl(url: string): string {
  try {
    return parseTargetUrl(url).href;
  } catch {
    return url;
  }
}

/**
 * Brings subscriptions stored before secrets were sealed and URLs normalized up to date:
 * seals plain secrets and stores each URL as its href. Runs once as the server starts
 * (several processes may run it at once: a row changes only if it still holds what was read).
 */
export async function upgradeStoredSubscriptions(ctx: RuntimeContext): Promise<() => Promise<void>> {
  const sealer = await serverSealer(ctx.storage, ctx.config.secretsKey);
  const changed = await ctx.storage.transaction(async (tx) => {
    let count = 0;
    for (const row of await storedTargets(tx.db)) {
      const secret = row.secret.startsWith(SEALED) ? row.secret : sealSecret(sealer, row.org_id, row.id, row.secret);
      const url = normalizedUrl(row.url);
      if (secret === row.secret && url === row.url) continue;
      count += await replaceStoredTarget(tx.db, row, { url, secret });
    }
    return count;
  });
  if (changed > 0) ctx.log.info({ subscriptions: changed }, 'webhook subscriptions upgraded: secrets sealed, URLs normalized');
  return async () => {};
}
