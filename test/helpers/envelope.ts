import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { AppError } from '../../src/http/errors.ts';

export interface Envelope {
  error: string;
  message: string;
  request_id: string;
  details: { error: string; fields?: Array<{ field: string; message: string }>; [key: string]: unknown };
}

/** Asserts the one error envelope: status, classes, JSON content type, request_id equal to X-Request-Id. */
export function assertEnvelope(res: LightMyRequestResponse, status: number, error: string, code: string): Envelope {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  const body = res.json() as Envelope;
  assert.deepEqual(Object.keys(body).sort(), ['details', 'error', 'message', 'request_id']);
  assert.equal(body.error, error);
  assert.equal(body.details.error, code);
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 0);
  assert.ok(body.request_id);
  assert.equal(body.request_id, res.headers['x-request-id']);
  return body;
}

/** The refusal (an AppError) of an import or another operation run outside HTTP; fails the test when it was accepted. */
export async function importError(run: Promise<unknown>): Promise<AppError> {
  try {
    await run;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return error;
  }
  assert.fail('the import was accepted');
}
