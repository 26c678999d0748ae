import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A port nothing listens on right now (the kernel's pick, released at once), for a server that must keep its port across restarts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
