import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Token formats. New: `bzp_<org_slug>_<secret>` (works on every address; the slug routes the
 * unified address). Legacy: `bzl_<secret>` (only on the organization's own domain).
 * The secret is 32 random bytes in base64url.
 */
const NEW_PREFIX = 'bzp';
const LEGACY_PREFIX = 'bzl';

export type TokenFormat = 'new' | 'legacy';

export interface ParsedToken {
  format: TokenFormat;
  /** The organization slug carried by a new-format token. */
  slug: string | null;
}

const SLUG = /^[a-z0-9-]{1,63}$/;
const SECRET = /^[A-Za-z0-9_-]{43,}$/;

export function parseToken(token: string): ParsedToken | null {
  if (token.length > 512) return null;
  if (token.startsWith(`${NEW_PREFIX}_`)) {
    const rest = token.slice(NEW_PREFIX.length + 1);
    const cut = rest.indexOf('_');
    if (cut <= 0) return null;
    const slug = rest.slice(0, cut);
    const secret = rest.slice(cut + 1);
    return SLUG.test(slug) && SECRET.test(secret) ? { format: 'new', slug } : null;
  }
  if (token.startsWith(`${LEGACY_PREFIX}_`)) {
    return SECRET.test(token.slice(LEGACY_PREFIX.length + 1)) ? { format: 'legacy', slug: null } : null;
  }
  return null;
}

export function generateToken(format: TokenFormat, slug: string): string {
  const secret = randomBytes(32).toString('base64url');
  return format === 'new' ? `${NEW_PREFIX}_${slug}_${secret}` : `${LEGACY_PREFIX}_${secret}`;
}

export function hashToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('hex');
}

/** Constant-time equality of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
