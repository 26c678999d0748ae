/**
 * The large organization of the scale bench, in import-file form (docs/performance.md, "Scale"):
 * collections written as files of at most `chunk` records, each imported by the CLI as an
 * operator would. Ids are given (so records refer to each other); times are spread over the
 * past year, so `updated_since` from the middle finds half of a collection.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The full size: the organization of issue 37's goal. */
const FULL = { clients: 500_000, contacts: 500_000, deals: 50_000, products: 10_000, movements: 1_000_000, tasks: 200_000, financeRequests: 100_000 };
const NAMED_SIZES: Record<string, number> = { quick: 0.01, medium: 0.1, full: 1 };
const WAREHOUSES = 20;
const PROJECTS = 50;
const YEAR_MS = 365 * 24 * 3600 * 1000;

export type Counts = typeof FULL & { warehouses: number; projects: number };

export interface ScaleSize {
  /** quick, medium, full, or the number of clients and contacts asked for. */
  label: string;
  counts: Counts;
}

/** `quick` (1 %), `medium` (10 %), `full`, or N clients and contacts with the rest in the full size's proportions. */
export function scaleSize(raw: string): ScaleSize {
  const factor = NAMED_SIZES[raw] ?? Number(raw) / (FULL.clients + FULL.contacts);
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`--size must be quick, medium, full or a number of clients and contacts, got "${raw}"`);
  const scaled = Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k, Math.max(10, Math.round(v * factor))])) as typeof FULL;
  return { label: raw in NAMED_SIZES ? raw : `${raw} clients and contacts`, counts: { ...scaled, products: Math.max(50, scaled.products), warehouses: WAREHOUSES, projects: PROJECTS } };
}

const CODES = { client: 1, contact: 2, deal: 3, product: 4, warehouse: 5, movement: 6, task: 7, project: 8, request: 9 } as const;
/** A fixed UUID (version 7 layout) of the `kind`'s i-th record. */
export function idOf(kind: keyof typeof CODES, i: number): string {
  return `01950000-000${CODES[kind].toString(16)}-7000-8000-${i.toString(16).padStart(12, '0')}`;
}

/** The i-th of n records' time: from a year ago to now, in order. */
function timeOf(i: number, n: number, now: number): string {
  return new Date(now - YEAR_MS + Math.floor((i * YEAR_MS) / n)).toISOString();
}

/** The time from which `updated_since` finds the newer half of a collection. */
export function middleOfYear(now: number): string {
  return new Date(now - YEAR_MS / 2).toISOString();
}

const REQUEST_STATUSES = ['draft', 'pending', 'approved', 'paid', 'rejected'] as const;
const TASK_STATUSES = [undefined, 'In progress', 'Done'] as const;

type Make = (i: number) => Record<string, unknown>;

/** Each collection's records, by index; `assignees` are the organization's user ids. */
function makers(counts: Counts, assignees: readonly string[], now: number): Array<[string, number, Make]> {
  const { clients, contacts, deals, products, movements, tasks, financeRequests, warehouses, projects } = counts;
  return [
    ['warehouses', warehouses, (i) => ({ id: idOf('warehouse', i), name: `Warehouse ${i}`, code: `W${i}`, city: 'Tashkent' })],
    ['products', products, (i) => ({ id: idOf('product', i), sku: `SKU-${i}`, name: `Product ${i}`, unit: 'pcs', item_type: 'product', cost_per_unit: 1000 + i, price: 1500 + i, barcode: `478${String(i).padStart(10, '0')}` })],
    ['projects', projects, (i) => ({ id: idOf('project', i), name: `Project ${i}` })],
    ['clients', clients, (i) => {
      const at = timeOf(i, clients, now);
      return { id: idOf('client', i), name: `Client ${i} Ltd`, phone: `+99890${String(1_000_000 + ((i * 7919) % 9_000_000))}`, email: `client${i}@scale.example`, city: ['Tashkent', 'Samarkand', 'Bukhara'][i % 3], source: 'import', tags: i % 10 === 0 ? ['key-account'] : [], created_at: at, updated_at: at };
    }],
    ['contacts', contacts, (i) => {
      const at = timeOf(i, contacts, now);
      return { id: idOf('contact', i), client_id: idOf('client', i % clients), name: `Contact ${i}`, email: `contact${i}@scale.example`, job_title: 'Buyer', created_at: at, updated_at: at };
    }],
    ['deals', deals, (i) => {
      const at = timeOf(i, deals, now);
      return { id: idOf('deal', i), title: `Deal ${i} order`, client_id: idOf('client', (i * 7) % clients), amount: 1000 * (1 + (i % 50)), created_at: at, updated_at: at };
    }],
    ['tasks', tasks, (i) => {
      const at = timeOf(i, tasks, now);
      const status = TASK_STATUSES[i % TASK_STATUSES.length];
      return { id: idOf('task', i), title: `Task ${i}`, project_id: idOf('project', i % projects), assignee_id: assignees[i % assignees.length], ...(status ? { status } : {}), priority: i % 4 === 0 ? 'high' : 'normal', created_at: at, updated_at: at };
    }],
    ['financeRequests', financeRequests, (i) => ({ id: idOf('request', i), title: `Payment ${i} for supplies`, amount: String(10_000 + (i % 1000) * 100), counterparty: `Supplier ${i % 500}`, status: REQUEST_STATUSES[i % REQUEST_STATUSES.length], createdAt: timeOf(i, financeRequests, now) })],
    // Pairs: an `in` of 1 to 3 lines, then a transfer or an `out` of one of each from the same warehouse: stock never goes below zero.
    ['movements', movements, (i) => {
      const k = Math.floor(i / 2);
      const w = k % warehouses;
      const items = Array.from({ length: 1 + (k % 3) }, (_, j) => idOf('product', (k * 7 + j * 13) % products));
      if (i % 2 === 0) return { kind: 'in', warehouse_id: idOf('warehouse', w), reference_type: 'purchase_order', reference_id: `PO-${k}`, lines: items.map((item_id) => ({ item_id, qty: 10 })) };
      const lines = items.map((item_id) => ({ item_id, qty: 1 }));
      return i % 4 === 1 ? { kind: 'transfer', warehouse_id: idOf('warehouse', w), to_warehouse_id: idOf('warehouse', (w + 1) % warehouses), lines } : { kind: 'out', warehouse_id: idOf('warehouse', w), reference_type: 'sales_order', reference_id: `SO-${k}`, lines };
    }],
  ];
}

export interface ImportFile {
  collection: string;
  records: number;
  /** Movement lines in the file (movements only). */
  lines: number;
  path: string;
}

/**
 * The import files of the organization, one at a time (each is written when asked for, so the
 * disk holds one file at a time if the caller removes each after its import).
 */
export function* importFiles(dir: string, counts: Counts, assignees: readonly string[], chunk: number, now = Date.now()): Generator<ImportFile> {
  mkdirSync(dir, { recursive: true });
  for (const [collection, n, make] of makers(counts, assignees, now)) {
    for (let from = 0; from < n; from += chunk) {
      const records = Array.from({ length: Math.min(chunk, n - from) }, (_, k) => make(from + k));
      const lines = collection === 'movements' ? records.reduce((sum, r) => sum + (r.lines as unknown[]).length, 0) : 0;
      const path = join(dir, `${collection}-${from}.json`);
      writeFileSync(path, JSON.stringify({ [collection]: records }));
      yield { collection, records: records.length, lines, path };
    }
  }
}
