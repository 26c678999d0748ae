import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalidField } from '../../http/errors.ts';
import { bareHost, isForbiddenAddress, isLocalName } from './address-policy.ts';

const MAX_URL_LENGTH = 2048;
const RESOLVE_TIMEOUT_MS = 3000;

const refused = () =>
  invalidField('url', 'points to a loopback, private, link-local or reserved address, which webhooks may not reach');

/**
 * The syntactic checks of a subscription URL: absolute, https (or, with `plainHttp`, http), no
 * credentials. Throws 422 on `url`. The fragment is dropped: it is never sent, so it is not part
 * of what is called.
 */
export function parseTargetUrl(raw: string, plainHttp = false): URL {
  if (raw.length > MAX_URL_LENGTH) throw invalidField('url', `must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField('url', 'must be an absolute https:// URL');
  }
  if (url.protocol !== 'https:' && !(plainHttp && url.protocol === 'http:')) throw invalidField('url', 'must use https');
  if (url.username !== '' || url.password !== '') throw invalidField('url', 'must not carry a user name or password');
  if (url.hostname === '') throw invalidField('url', 'must name a host');
  url.hash = '';
  if (url.href.length > MAX_URL_LENGTH) throw invalidField('url', `must be at most ${MAX_URL_LENGTH} characters once normalized`);
  return url;
}

async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = lookup(host, { all: true, verbatim: true }).then(
      (list) => list.map((a) => a.address),
      () => [] as string[],
    );
    return await Promise.race([found, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a subscription target before it is stored; the caller stores its href, so what is
 * shown is what is called. The URL parser has already turned numeric host forms (2130706433,
 * 0x7f.1, 017700000001, 127.1) into dotted IPv4. A name that does not resolve now is accepted:
 * every connection checks the address again.
 */
export async function checkTargetUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseTargetUrl(raw, allowPrivate);
  const host = bareHost(url);
  // With private targets allowed (development), a receiver on this machine or the local network
  // may be plain http: nothing crosses the internet unencrypted.
  if (allowPrivate) {
    if (url.protocol === 'http:' && !(await isPrivateTarget(host))) throw invalidField('url', 'must use https (plain http only for a loopback or private address)');
    return url;
  }
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw refused();
    return url;
  }
  if (isLocalName(host)) throw refused();
  const addresses = await resolveAll(host);
  if (addresses.some(isForbiddenAddress)) throw refused();
  return url;
}

/** Whether `host` is a loopback or private address, a local name, or a name resolving only to such addresses. */
async function isPrivateTarget(host: string): Promise<boolean> {
  if (isIP(host)) return isForbiddenAddress(host);
  if (isLocalName(host)) return true;
  const addresses = await resolveAll(host);
  return addresses.length > 0 && addresses.every(isForbiddenAddress);
}
