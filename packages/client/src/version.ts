/** This package's version (a test checks it equals package.json's). */
export const VERSION = '0.1.0';

interface Runtimes {
  Deno?: { version?: { deno?: string } };
  Bun?: { version?: string };
  process?: { versions?: { node?: string } };
}

/** `bizplat-client/<version> <runtime>/<version>`: node, deno or bun, else `runtime/unknown` (browsers send their own). */
export function userAgent(): string {
  const g = globalThis as Runtimes;
  const runtime = g.Deno?.version?.deno !== undefined
    ? `deno/${g.Deno.version.deno}`
    : g.Bun?.version !== undefined
      ? `bun/${g.Bun.version}`
      : g.process?.versions?.node !== undefined
        ? `node/${g.process.versions.node}`
        : 'runtime/unknown';
  return `bizplat-client/${VERSION} ${runtime}`;
}
