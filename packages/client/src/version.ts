/** This package's version (a test checks it equals package.json's). */
export const VERSION = '0.1.0';

/** `bizplat-client/<version> node/<version>` (or the runtime's name when it is not Node). */
export function userAgent(): string {
  const node = typeof process === 'object' ? process.versions?.node : undefined;
  return `bizplat-client/${VERSION} ${node ? `node/${node}` : 'runtime/unknown'}`;
}
