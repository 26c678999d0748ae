// Request rewriters for the processes benchmark (plain JS: they run inside the load worker).
import { randomUUID } from 'node:crypto';

/** POST /processes with a fresh Idempotency-Key: every request starts a new process. */
export function freshProcess(req) {
  return { ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } };
}
