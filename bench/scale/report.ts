/** The scale bench's tables, in Markdown: printed, and written under bench/results/. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseKind } from '../../test/helpers/harness.ts';
import type { ImportFigures } from './build.ts';
import type { Counts } from './dataset.ts';
import type { DrainFigures } from './drain.ts';
import type { Latency } from './latency.ts';

export interface Measured {
  name: string;
  demo: Latency;
  large: Latency;
}

export interface CopyFigures {
  to: DatabaseKind;
  rows: number;
  seconds: number;
  peakRssMb: number;
}

export interface EngineFigures {
  kind: DatabaseKind;
  reads: Measured[];
  writes: Measured[];
  imports: ImportFigures[];
  startSeconds: number;
  copy: CopyFigures;
  drain: DrainFigures;
  serverPeakRssMb: number;
}

const times = (large: number, demo: number) => (demo > 0 ? (large / demo).toFixed(2) : '–');
const failures = (m: Measured) => (m.demo.failed + m.large.failed > 0 ? `${m.demo.failed} + ${m.large.failed} not 2xx` : '');

function latencyTable(title: string, rows: Array<Measured & { kind: DatabaseKind }>): string[] {
  return [
    `### ${title}`,
    '',
    '| request | db | demo p50 ms | large p50 ms | × p50 | demo p99 ms | large p99 ms | × p99 | note |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((m) => `| ${m.name} | ${m.kind} | ${m.demo.p50} | ${m.large.p50} | ${times(m.large.p50, m.demo.p50)} | ${m.demo.p99} | ${m.large.p99} | ${times(m.large.p99, m.demo.p99)} | ${failures(m)} |`),
    '',
  ];
}

/** Reads and writes side by side per engine: one row per request and engine, engines next to each other. */
function interleave(engines: EngineFigures[], pick: (e: EngineFigures) => Measured[]): Array<Measured & { kind: DatabaseKind }> {
  const names = [...new Set(engines.flatMap((e) => pick(e).map((m) => m.name)))];
  return names.flatMap((name) => engines.flatMap((e) => pick(e).filter((m) => m.name === name).map((m) => ({ ...m, kind: e.kind }))));
}

export function scaleReport(label: string, counts: Counts, engines: EngineFigures[], command: string): string {
  const lines = [
    `## Scale: ${label} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`${command}\`: the large organization has ${counts.clients.toLocaleString('en')} clients, ${counts.contacts.toLocaleString('en')} contacts, ` +
      `${counts.deals.toLocaleString('en')} deals, ${counts.products.toLocaleString('en')} products in ${counts.warehouses} warehouses, ` +
      `${counts.movements.toLocaleString('en')} movements, ${counts.tasks.toLocaleString('en')} tasks in ${counts.projects} projects and ` +
      `${counts.financeRequests.toLocaleString('en')} payment requests, and the events of all of them; the demo organization, in the same database, has the demo data set. ` +
      'The large organization\'s webhook subscription to every event (its deliveries held) leaves the backlog the server drains first; it is removed after the drain, so both organizations do the same work per request. ' +
      'Latencies: one request at a time over keep-alive HTTP to the deployed server, the two organizations taking turns.',
    '',
    ...latencyTable('Reads: large against demo', interleave(engines, (e) => e.reads)),
    ...latencyTable('Writes: large against demo (after the drain)', interleave(engines, (e) => e.writes)),
    '### Import (the `import` command, one file per chunk, each its own process)',
    '',
    `Rates are net of each process's start and end (an empty file's import: ${engines.map((e) => `${e.startSeconds.toFixed(1)} s on ${e.kind}`).join(', ')}); the wall time includes them.`,
    '',
    '| collection | db | records | movement lines | files | wall s | records/s | lines/s | peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...engines.flatMap((e) =>
      e.imports.map((i) => {
        // Under half a second of work per file is within the start's own spread: no rate.
        const rate = (n: number) => (i.netSeconds < 0.5 * i.files ? '–' : String(Math.round(n / i.netSeconds)));
        return `| ${i.collection} | ${e.kind} | ${i.records} | ${i.lines || ''} | ${i.files} | ${i.seconds.toFixed(1)} | ${rate(i.records)} | ${i.lines ? rate(i.lines) : ''} | ${i.peakRssMb} |`;
      }),
    ),
    '',
    '### Copy, backlog drain and server memory',
    '',
    '| db | copy --to | rows copied | copy s | rows/s | copy peak RSS MB | backlog (pending rows) | pending when served | drained | drain s | events/s | GET /ping p50 / worst p99 ms during the drain | server peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...engines.map((e) => {
      const d = e.drain;
      const rate = d.seconds > 0 ? Math.round(d.drained / d.seconds) : 0;
      return `| ${e.kind} | ${e.copy.to} | ${e.copy.rows} | ${e.copy.seconds.toFixed(1)} | ${Math.round(e.copy.rows / e.copy.seconds)} | ${e.copy.peakRssMb} | ${d.backlog} | ${d.pending} | ${d.drained}${d.finished ? '' : ' (time limit)'} | ${d.seconds.toFixed(1)} | ${rate} | ${d.pingP50} / ${d.pingP99}${d.pingErrors ? ` (${d.pingErrors} failed)` : ''} | ${e.serverPeakRssMb} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

/** Writes the report to bench/results/scale-<label>-<time>.md (ignored by git) and returns the path. */
export function saveReport(label: string, text: string): string {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const path = `${dir}scale-${label.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`;
  writeFileSync(path, text);
  return path;
}
