/** Where the server's OAuth pieces are, as seen by the client that asked (its scheme and host). */
import type { FastifyRequest } from 'fastify';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_PATH = '/.well-known/oauth-authorization-server';
export const AUTHORIZE_PATH = '/oauth/authorize';
export const TOKEN_PATH = '/oauth/token';
export const REGISTER_PATH = '/oauth/register';
/** The console's page that asks the signed-in user to consent. */
export const CONSENT_PAGE = '/admin#consent?';

export function originOf(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${request.protocol}://${request.host}`;
}

/** The metadata URL a 401 from `resourcePath` points to (RFC 9728 §5.1). */
export function resourceMetadataUrl(request: Pick<FastifyRequest, 'protocol' | 'host'>, resourcePath: string): string {
  return `${originOf(request)}${PROTECTED_RESOURCE_PATH}${resourcePath}`;
}

/** Where a client may be sent back to: https, http on a loopback address, or an app's own scheme (RFC 8252). */
export function isAcceptableRedirect(uri: string): boolean {
  if (uri.length > 2000) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  // A private-use scheme in reverse domain form (com.example.app:/callback), never a browser's own.
  return /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol);
}
