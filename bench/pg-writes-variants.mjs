// Request rewriters for bench/pg-writes.bench.ts (plain JS: they run inside the load worker).
// The bench passes the finance request ids to patch in BENCH_PG_WRITES.
const config = JSON.parse(process.env.BENCH_PG_WRITES ?? '{}');

let n = 0;

/** PATCH /finance-requests/{id}: a new title on one of the draft requests, picked at random. */
export function patchRequest(req) {
  n += 1;
  const id = config.requests[Math.floor(Math.random() * config.requests.length)];
  return { ...req, path: `/api/public/v1/finance-requests/${id}`, body: JSON.stringify({ title: `Bench title ${n}` }) };
}
