import type { IncomingMessage } from 'node:http';
import { AppError } from './errors.ts';

/**
 * Refuses what the server would otherwise misread: no Host header on HTTP/1.1 or two of them
 * (joined by Node into "a, b": which organization's address is meant?), and a body in a content
 * coding the server does not decode (it would parse the compressed bytes).
 */
export function checkFraming(raw: IncomingMessage): void {
  const headers = raw.headers;
  const host = headers.host;
  if (host === undefined) {
    if (raw.httpVersion !== '1.0') throw new AppError(400, 'bad_request', 'missing_host', 'the request carries no Host header');
  } else if (host.includes(',')) {
    throw new AppError(400, 'bad_request', 'duplicate_host', 'the request carries more than one Host header');
  }
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    throw new AppError(415, 'unsupported_media_type', 'unsupported_content_encoding', `Content-Encoding "${encoding.slice(0, 64)}" is not supported; send the body uncompressed`, {}, {
      'accept-encoding': 'identity',
    });
  }
}
