/**
 * Answers compressed for a client that accepts it: large ones only (lists, the OpenAPI document,
 * the docs page's files). What @fastify/compress 8 did with the options this server gave it
 * (gzip, br, deflate in that order of preference, a 2 KiB threshold, Vary: accept-encoding, no
 * Content-Length, the body streamed in the negotiated coding), in the one onSend step every
 * answer passes (request-start.ts): the plugin put two hooks on every route, and an answer below
 * the threshold — most of them — now costs a length check.
 */
import { Readable, pipeline } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';
import type { Transform } from 'node:stream';
import { negotiate } from '@fastify/accept-negotiator';
import mimeDb from 'mime-db';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more than it saves (a record, /ping, a 304). */
const COMPRESS_THRESHOLD_BYTES = 2048;
const ENCODINGS = ['gzip', 'br', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** In the order of preference. */
const PREFERRED: Encoding[] = [...ENCODINGS];

const COMPRESSORS: Record<Encoding, () => Transform> = {
  // Quality 4: 11, brotli's default, costs far more time for little gain on the fly.
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => createGzip(),
  deflate: () => createDeflate(),
};

const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;
/** "*" (no preference) and x-gzip mean gzip. */
const GZIP_ALIASES = /\*|x-gzip/gu;

function isStream(payload: unknown): payload is NodeJS.ReadableStream {
  return typeof payload === 'object' && payload !== null && 'pipe' in payload && typeof payload.pipe === 'function';
}

function compressible(type: string): boolean {
  if (COMPRESSIBLE.test(type)) return true;
  return mimeDb[type.split(';', 1)[0]!.trim().toLowerCase()]?.compressible === true;
}

function encodingFor(request: FastifyRequest): Encoding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined) return undefined;
  return negotiate(accepted.toLowerCase().replace(GZIP_ALIASES, 'gzip'), PREFERRED) ?? undefined;
}

/** A body smaller than the threshold, or one that is not bytes or text (left as it is). */
function small(payload: unknown): boolean {
  if (typeof payload === 'string') return payload.length * 3 < COMPRESS_THRESHOLD_BYTES || Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES;
  if (Buffer.isBuffer(payload)) return payload.length < COMPRESS_THRESHOLD_BYTES;
  return !isStream(payload);
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = Array.isArray(vary) ? vary.map(String) : [String(vary)];
  if (!values.some((value) => value.includes('accept-encoding'))) reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/** The answer's body as it is sent: compressed when it is large, compressible and the client accepts a coding. */
export function compressedWhenLarge(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (payload === null || payload === undefined || small(payload)) return payload;
  const coded = reply.getHeader('content-encoding');
  if (coded !== undefined && coded !== 'identity') return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  if (!compressible(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
  const encoding = encodingFor(request);
  if (encoding === undefined) return payload;
  addVary(reply);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  const source = isStream(payload) ? payload : Readable.from([payload]);
  const compressor = COMPRESSORS[encoding]();
  pipeline(source, compressor, (error) => {
    if (error) reply.log.error({ err: error }, 'compressing an answer failed');
  });
  return compressor;
}
