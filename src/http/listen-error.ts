/** An address the server was set to listen on could not be taken: the message names the setting to change. */
export class ListenError extends Error {}

/** Why the metrics listener (BIZPLAT_METRICS_ADDRESS) could not take its address, naming that setting. */
export function metricsListenError(error: unknown, host: string, port: number): ListenError {
  const code = (error as NodeJS.ErrnoException).code;
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const why =
    code === 'EADDRINUSE'
      ? 'is already in use: every server process needs a metrics address of its own (in docs/deploy/bizplat@.service the port follows the instance)'
      : code === 'EACCES'
        ? 'may not be listened on by this user (ports below 1024 need privileges)'
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'is not an address of this machine'
          : `cannot be listened on (${error instanceof Error ? error.message : String(error)})`;
  return new ListenError(`BIZPLAT_METRICS_ADDRESS ${address} ${why}: set BIZPLAT_METRICS_ADDRESS to a free host:port of this machine`);
}
