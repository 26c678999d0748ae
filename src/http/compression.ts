/** Answers compressed for a client that accepts it: large ones only (lists, the OpenAPI document). */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, compressing costs more than it saves (a record, /ping, a 304). */
const COMPRESS_THRESHOLD_BYTES = 2048;

export async function installCompression(app: FastifyInstance): Promise<void> {
  // Bodies in a content coding are refused before parsing (checkFraming), so no route needs the
  // plugin's request decompression hook.
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['gzip', 'br', 'deflate'],
  });
}
