// Request rewriters for the tasks benchmark (plain JS: they run inside the load worker).
import { randomUUID } from 'node:crypto';

let n = 0;

/** POST /tasks with a fresh Idempotency-Key and a distinct task each time, for the executor named by the x-bench-assignee header. */
export function freshTask(req) {
  n += 1;
  const { 'x-bench-assignee': assignee, ...headers } = req.headers;
  return { ...req, headers: { ...headers, 'idempotency-key': randomUUID() }, body: JSON.stringify({ title: `Bench task ${n}`, assignee_id: assignee, tags: ['bench'] }) };
}
