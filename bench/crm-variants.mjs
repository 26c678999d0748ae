// Request rewriters for the CRM benchmark (plain JS: they run inside the load worker).
import { randomUUID } from 'node:crypto';

let n = 0;

/** POST /clients with a fresh Idempotency-Key and a distinct client each time. */
export function freshClient(req) {
  n += 1;
  return {
    ...req,
    headers: { ...req.headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ name: `Bench client ${n}`, phone: '+998901234567', email: `bench${n}@example.com`, tags: ['bench'] }),
  };
}
