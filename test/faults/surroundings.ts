/**
 * What several fault files share for their whole run: a private PostgreSQL cluster, and an HTTPS
 * webhook receiver with the certificate the server is told to trust. Made before the file's first
 * case and removed after its last, passed or failed.
 */
import { after, before } from 'node:test';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver, TestCertificate } from '../helpers/https-receiver.ts';
import { startCluster } from '../helpers/pg-cluster.ts';
import type { PgCluster } from '../helpers/pg-cluster.ts';

export interface Surroundings {
  cluster: PgCluster;
  cert: TestCertificate;
  receiver: Receiver;
}

/** Registers the hooks (call inside a describe); the cases read the surroundings through the returned function. */
export function clusterAndReceiver(): () => Surroundings {
  let made: Partial<Surroundings> = {};
  before(async () => {
    const cluster = await startCluster();
    made = { cluster };
    const cert = makeCertificate();
    made = { cluster, cert, receiver: await startReceiver(cert) };
  });
  after(async () => {
    await made.receiver?.close();
    made.cert?.remove();
    await made.cluster?.remove();
  });
  return () => made as Surroundings;
}
