import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Authenticated encryption (AES-256-GCM) under one server key. Each purpose ("webhook-secret",
 * "movement-cursor") has its own key derived from it (HKDF-SHA256), and each sealed value is
 * bound to a context (the organization, the record) that must be given again to open it: a
 * value moved to another purpose, record or organization does not open.
 */
export class Sealer {
  readonly #master: Buffer;
  readonly #keys = new Map<string, Buffer>();

  constructor(master: Buffer) {
    this.#master = master;
  }

  #key(purpose: string): Buffer {
    let key = this.#keys.get(purpose);
    if (key === undefined) {
      key = Buffer.from(hkdfSync('sha256', this.#master, Buffer.alloc(0), `bizplat ${purpose}`, 32));
      this.#keys.set(purpose, key);
    }
    return key;
  }

  /** base64url of IV, ciphertext and tag. */
  seal(purpose: string, context: string, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key(purpose), iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The plaintext, or undefined when the value is malformed, tampered with, or sealed for another purpose, context or key. */
  open(purpose: string, context: string, sealed: string): string | undefined {
    if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== sealed) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key(purpose), bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
