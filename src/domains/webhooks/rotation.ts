/** Rotating a subscription's signing secret: a new one shown once, the replaced one kept signing for an overlap. */
import { invalidField } from '../../http/errors.ts';
import type { Config } from '../../config.ts';
import { cliSource, recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import type { Sealer } from '../../platform/sealer.ts';
import { serverSealer } from '../../platform/server-key.ts';
import { requireOrganization } from '../../platform/service.ts';
import { isoWithOffset, readBool } from '../../storage/codecs.ts';
import { isUuid } from '../../storage/ids.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Storage, Tx } from '../../storage/storage.ts';
import { lockedSubscriptionSecret, replaceSecret } from './queries.ts';
import type { RotatedSecret } from './schemas.ts';
import { sealSecret } from './secrets.ts';
import { newSecret } from './standard-webhooks.ts';

const ROTATED_NOTE =
  'Keep the new secret: it is shown only now. Until previousSecretExpiresAt, webhook-signature carries a signature under the previous secret as well ' +
  '(X-Webhook-Signature is under the new secret only): switch receivers over before then. Rotating again ends the previous secret at once.';

/** The note of an Idempotency-Key replay of a rotation: the secret is not in it. */
export const ROTATION_SHOWN_ONCE_NOTE =
  'This repeats an earlier rotation (same Idempotency-Key): the new secret was shown only in the first response and is not shown again. Rotate again to get another.';

/**
 * Replaces the subscription's secret with a new one. The replaced secret stays, sealed, as the
 * previous one for `overlapHours` (0: dropped now); a secret replaced earlier is dropped. Recorded
 * in the audit trail (never a secret).
 */
export async function rotateSecret(tx: Tx, orgId: string, id: string, sealer: Sealer, overlapHours: number, by: AuditSource): Promise<RotatedSecret> {
  const current = await requireFound(isUuid(id) ? await lockedSubscriptionSecret(tx, orgId, id) : undefined, 'webhook subscription');
  if (!readBool(current.is_active)) throw invalidField('id', 'the subscription is disabled: nothing is sent to it, so its secret cannot be rotated');
  const secret = newSecret();
  const until = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000).toISOString() : null;
  await replaceSecret(tx.db, orgId, id, { secret: sealSecret(sealer, orgId, id, secret), previous: until === null ? null : current.secret, previousUntil: until });
  await recordAudit(tx, by, {
    orgId: orgId,
    action: 'webhook.rotate_secret',
    targetType: 'webhook_subscription',
    targetId: id,
    changes: { previousSecretExpiresAt: { before: null, after: isoWithOffset(until) } },
  });
  return { id, secret, previousSecretExpiresAt: isoWithOffset(until), note: ROTATED_NOTE };
}

/** The CLI's rotation: the organization by slug, the operator as the audit source. */
export async function rotateSecretOf(storage: Storage, config: Pick<Config, 'secretsKey' | 'webhookSecretOverlapHours'>, slug: string, id: string): Promise<RotatedSecret> {
  const org = await requireOrganization(storage, slug);
  const sealer = await serverSealer(storage, config.secretsKey);
  return storage.transaction((tx) => rotateSecret(tx, org.id, id, sealer, config.webhookSecretOverlapHours, cliSource()));
}
