// Request rewriters for bench/inventory.bench.ts (plain JS: they run inside the load worker).
// The bench passes the organization's token, warehouses and hot items in BENCH_INVENTORY.
const config = JSON.parse(process.env.BENCH_INVENTORY ?? '{}');

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** POST /movements with three lines over random hot items: receipts, shipments and transfers. */
export function randomMovement(request) {
  const [from, to] = Math.random() < 0.5 ? config.warehouses : [...config.warehouses].reverse();
  const r = Math.random();
  const lines = [0, 1, 2].map(() => ({ item_id: pick(config.items), qty: 1 + Math.floor(Math.random() * 3) }));
  const body =
    r < 0.34
      ? { kind: 'in', warehouse_id: from, lines }
      : r < 0.67
        ? { kind: 'out', warehouse_id: from, lines }
        : { kind: 'transfer', warehouse_id: from, to_warehouse_id: to, lines };
  return {
    ...request,
    method: 'POST',
    headers: { ...request.headers, 'content-type': 'application/json', 'x-api-token': config.token },
    body: JSON.stringify(body),
  };
}
