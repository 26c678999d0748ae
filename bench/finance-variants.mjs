// Request rewriters for the finance benchmark (plain JS: they run inside the load worker).
import { randomUUID } from 'node:crypto';

let n = 0;

/** POST /finance-requests in USD (converted with the rate table) with a fresh Idempotency-Key each time. */
export function freshRequest(req) {
  n += 1;
  return {
    ...req,
    headers: { ...req.headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ title: `Bench request ${n}`, amount: `${100 + (n % 900)}.25`, currency: 'USD', counterparty: 'Bench LLC', category: 'Rent', paymentDate: '2025-03-05' }),
  };
}
