/**
 * One fault under writes, as every case of test/faults runs it: writers and a /readyz poller on
 * the server, then `cycles` times: writes go through, the fault is made, lasts `outageMs` (and
 * until the server has shown it, within limits), is mended, and writes come back. Afterwards
 * every verdict is gathered into one list of problems, so a failure shows all that is wrong at
 * once, and the measures (recovery after each cycle, answers by kind) go to the test's output.
 */
import type { TestContext } from 'node:test';
import type { Receiver } from '../helpers/https-receiver.ts';
import { waitUntil } from '../helpers/patience.ts';
import { REQUEST_BOUND_MS, ReadyzPoller, WriteLoad, recoveryMs, tally, wrongAnswers } from './load.ts';
import type { FaultAnswer } from './load.ts';
import { logRecords } from '../deploy/traffic.ts';
import { deliveryProblems, eventProblems, notable, writeProblems } from './server.ts';
import type { FaultServer } from './server.ts';

export interface Fault {
  /** What the test does to the server's surroundings, e.g. stop PostgreSQL. */
  make(): Promise<void>;
  /** Undoes it; resolves once the database (pooler, disk) is back. */
  mend(): Promise<void>;
  /** How the server answers while it lasts; undefined: it does not notice (writes go on). */
  answer: FaultAnswer | undefined;
  /** How long it lasts at least. */
  outageMs: number;
  /** The bound on the first 2xx after mend(), when the case asserts one. */
  recoveryBoundMs?: number;
  cycles?: number;
}

export interface Outcome {
  problems: string[];
  recoveries: Array<number | undefined>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isOk = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

export async function underWrites(t: TestContext, server: FaultServer, prefix: string, fault: Fault, receiver?: Receiver): Promise<Outcome> {
  const load = new WriteLoad(server, prefix);
  const ready = new ReadyzPoller(server.origin);
  const problems: string[] = [];
  const recoveries: Array<number | undefined> = [];
  /** Waits for an event of the case, failing at once, with what it printed, if the server process has exited. */
  const waitFor = (what: string, check: () => boolean, limitMs?: number, detail?: () => string) =>
    waitUntil(what, () => {
      if (!server.alive()) throw new Error(`the server process exited (${server.child.process.exitCode ?? server.child.process.signalCode}) while waiting for ${what}; it printed:\n${notable(server)}`);
      return check();
    }, limitMs, detail);
  load.start();
  try {
    for (let cycle = 1; cycle <= (fault.cycles ?? 1); cycle += 1) {
      const before = load.written;
      await waitFor(`writes before fault ${cycle}`, () => load.written >= before + 8, undefined, () => JSON.stringify(tally(load.answers)));
      const brokenAt = Date.now();
      await fault.make();
      await pause(fault.outageMs);
      if (fault.answer) {
        // The server shows the fault within a bounded time; past a generous limit the case goes on and reports it.
        const answer = fault.answer;
        await waitFor(`fault ${cycle} to be answered and /readyz to fail`, () =>
          load.answers.some((a) => a.sentAt >= brokenAt && a.status === answer.status) && ready.samples.some((s) => s.sentAt >= brokenAt && s.status === 503),
        3 * REQUEST_BOUND_MS).catch((error: unknown) => {
          if (!server.alive()) throw error;
        });
      }
      const mendingAt = Date.now();
      await fault.mend();
      const backAt = Date.now();
      await waitFor(`a write after fault ${cycle}`, () => load.answers.some((a) => a.at >= backAt && isOk(a.status)), 120_000, () => `${JSON.stringify(tally(load.answers))}\n${notable(server, 3000)}`);
      const recovery = recoveryMs(load.answers, backAt);
      recoveries.push(recovery);
      if (fault.recoveryBoundMs !== undefined && (recovery === undefined || recovery > fault.recoveryBoundMs))
        problems.push(`fault ${cycle}: the first write succeeded ${recovery} ms after the database was back (bound ${fault.recoveryBoundMs} ms)`);
      await waitFor(`/readyz to pass after fault ${cycle}`, () => ready.samples.some((s) => s.sentAt >= backAt && s.status === 200), 120_000, () => JSON.stringify(ready.samples.slice(-3)));
      if (fault.answer) {
        const during = load.answers.filter((a) => a.sentAt >= brokenAt && a.at <= mendingAt);
        if (!during.some((a) => a.status === fault.answer!.status && a.code === fault.answer!.code))
          problems.push(`fault ${cycle}: no ${fault.answer.status} ${fault.answer.code} answer while it lasted (answers then: ${JSON.stringify(tally(during))})`);
        const readyDuring = ready.samples.filter((s) => s.sentAt >= brokenAt && s.at <= mendingAt);
        if (!readyDuring.some((s) => s.status === 503 && s.failing.includes(fault.answer!.failing)))
          problems.push(`fault ${cycle}: /readyz never failed naming ${fault.answer.failing} while it lasted (${JSON.stringify(readyDuring.slice(-3))})`);
      }
    }
    const after = load.written;
    await waitFor('writes after the last fault', () => load.written >= after + 8);
  } catch (error) {
    await load.stop({ abandon: true });
    await ready.stop();
    throw error;
  }
  await load.stop();
  await ready.stop();

  if (!server.alive()) problems.push(`the server process exited (${server.child.process.exitCode ?? server.child.process.signalCode}): ${notable(server, 3000)}`);
  problems.push(...wrongAnswers(load.answers, fault.answer ?? { status: 0, code: '', failing: '' }).slice(0, 20));
  if (fault.answer === undefined) {
    const notReady = ready.samples.filter((s) => s.status !== 200);
    if (notReady.length) problems.push(`/readyz was not 200 ${notReady.length} times: ${JSON.stringify(notReady.slice(0, 3))}`);
  }
  for (const s of ready.samples) {
    if (s.error !== undefined || s.at - s.sentAt > REQUEST_BOUND_MS) {
      problems.push(`/readyz sent at +${s.sentAt}: ${s.error ?? `${s.status} after ${s.at - s.sentAt} ms`}`);
      break;
    }
  }
  // A check that cannot be made (the server refuses to answer it) is a problem like the others.
  const check = async (found: Promise<string[]>) => problems.push(...(await found.catch((error: unknown) => [String(error)])).slice(0, 20));
  await check(writeProblems(server, load));
  await check(eventProblems(server, load));
  if (receiver) await check(deliveryProblems(receiver.received, load));

  // The log tells the operator once that the database went away and once that it came back, never a stack per request
  // (one per fault at most, e.g. with the first error met).
  const records = logRecords(server.child.output());
  const downs = records.filter((r) => typeof r.outage === 'string' && r.outageMs === undefined).length;
  const ups = records.filter((r) => typeof r.outage === 'string' && typeof r.outageMs === 'number').length;
  const stacks = records.filter((r) => JSON.stringify(r).includes('"stack"')).length;
  const reasons = records.filter((r) => typeof r.reason === 'string').map((r) => String(r.reason));
  if (fault.answer) {
    if (downs < (fault.cycles ?? 1)) problems.push(`the log said ${downs} times that the database went away, over ${fault.cycles ?? 1} faults`);
    if (ups !== downs) problems.push(`the log said ${downs} times that the database went away but ${ups} times that it came back`);
  }
  if (stacks > (fault.cycles ?? 1)) problems.push(`the log holds ${stacks} records with a stack over ${fault.cycles ?? 1} faults: ${JSON.stringify(records.find((r) => JSON.stringify(r).includes('"stack"'))).slice(0, 600)}`);
  t.diagnostic(`log: ${downs} outages begun (${reasons.join('; ')}), ${ups} ended, ${stacks} records with a stack`);
  const slowest = Math.max(...load.answers.map((a) => a.ms));
  t.diagnostic(`${load.acknowledged.size} writes acknowledged; answers: ${JSON.stringify(tally(load.answers))}; slowest ${slowest} ms`);
  t.diagnostic(`recovery (first 2xx after the fault ended), ms: ${recoveries.map((r) => r ?? 'none').join(', ')}`);
  return { problems, recoveries };
}
