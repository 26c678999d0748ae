import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates } from 'node:tls';
import type { SecureContext } from 'node:tls';

/**
 * The TLS context of an outbox sender that also trusts the CA certificate in `caFile` (PEM): a
 * private CA or a test server's. Built once: passing `ca` itself would parse every root
 * certificate again on each connection. Undefined without a file: the default roots.
 */
export function trustingCa(caFile: string | undefined): SecureContext | undefined {
  return caFile ? createSecureContext({ ca: [...rootCertificates, readFileSync(caFile, 'utf8')] }) : undefined;
}
