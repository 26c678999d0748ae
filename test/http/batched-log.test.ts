import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchedLog } from '../../src/http/batched-log.ts';
import { waitUntil } from '../helpers/patience.ts';

const fileLog = () => {
  const path = join(mkdtempSync(join(tmpdir(), 'bizplat-log-')), 'out.log');
  const fd = openSync(path, 'w');
  return { path, fd };
};

it('writes nothing until a batch is full, then the whole batch in order', async () => {
  const { path, fd } = fileLog();
  const log = new BatchedLog(fd, { batchChars: 1024, maxDelayMs: 60_000 });
  const line = (i: number) => `{"n":${i},"pad":"${'x'.repeat(90)}"}\n`;
  for (let i = 0; i < 5; i++) log.write(line(i));
  await sleep(50);
  assert.equal(readFileSync(path, 'utf8'), '', 'a batch not yet full waits');
  for (let i = 5; i < 20; i++) log.write(line(i));
  for (let waited = 0; readFileSync(path, 'utf8') === '' && waited < 5000; waited += 10) await sleep(10);
  const written = readFileSync(path, 'utf8');
  assert.ok(written.length >= 1024, 'the full batch was written');
  assert.ok(Array.from({ length: 20 }, (_, i) => line(i)).join('').startsWith(written), 'lines in their order, none split or lost');
  log.flushSync();
  closeSync(fd);
});

it('writes what waits once the oldest line has waited maxDelayMs', async () => {
  const { path, fd } = fileLog();
  const log = new BatchedLog(fd, { batchChars: 32_768, maxDelayMs: 20 });
  log.write('first\n');
  log.write('second\n');
  for (let waited = 0; readFileSync(path, 'utf8') === '' && waited < 5000; waited += 10) await sleep(10);
  assert.equal(readFileSync(path, 'utf8'), 'first\nsecond\n');
  closeSync(fd);
});

it('keeps text that is not ASCII and lines longer than a buffer whole', async () => {
  const { path, fd } = fileLog();
  const log = new BatchedLog(fd, { batchChars: 32_768, maxDelayMs: 10 });
  const long = `${'я'.repeat(40_000)}\n`;
  log.write('Oʻzbekiston 🇺🇿\n');
  log.write(long);
  log.write('after\n');
  const expected = `Oʻzbekiston 🇺🇿\n${long}after\n`;
  for (let waited = 0; readFileSync(path, 'utf8') !== expected && waited < 5000; waited += 10) await sleep(10);
  assert.equal(readFileSync(path, 'utf8'), expected);
  closeSync(fd);
});

it('loses no line at process.exit: what waits is written synchronously', () => {
  const script = `
    import { BatchedLog } from './src/http/batched-log.ts';
    const log = new BatchedLog(1, { batchChars: 32768, maxDelayMs: 100 });
    for (let i = 0; i < 3; i++) log.write('line ' + i + '\\n');
    process.exit(0);
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(out, 'line 0\nline 1\nline 2\n');
});

it('flushSync writes every waiting line before it returns, even while the thread pool is busy (as at exit)', async () => {
  // The only thread of the pool waits on a FIFO nobody opens: an asynchronous write would wait behind it.
  const fifo = join(mkdtempSync(join(tmpdir(), 'bizplat-log-')), 'fifo');
  execFileSync('mkfifo', [fifo]);
  const script = `
    import { open, writeSync } from 'node:fs';
    import { BatchedLog } from './src/http/batched-log.ts';
    open(${JSON.stringify(fifo)}, 'r', () => {});
    const log = new BatchedLog(1, { batchChars: 32768, maxDelayMs: 100 });
    setTimeout(() => {
      for (let i = 0; i < 3; i++) log.write('line ' + i + '\\n');
      log.flushSync();
      writeSync(1, 'flushed\\n');
    }, 20);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, UV_THREADPOOL_SIZE: '1' } });
  try {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitUntil('the child to say it flushed', () => out.includes('flushed'), undefined, () => out);
    assert.equal(out, 'line 0\nline 1\nline 2\nflushed\n', 'the lines were written before flushSync returned');
  } finally {
    child.kill('SIGKILL');
  }
});

it('flushed() resolves once every line given so far is written', async () => {
  const { path, fd } = fileLog();
  const log = new BatchedLog(fd, { batchChars: 32_768, maxDelayMs: 60_000 });
  for (let i = 0; i < 3; i++) log.write(`line ${i}\n`);
  await log.flushed();
  assert.equal(readFileSync(path, 'utf8'), 'line 0\nline 1\nline 2\n');
  closeSync(fd);
});

it('keeps serving when nobody reads the log any more (a closed pipe)', async () => {
  const script = `
    import { BatchedLog } from './src/http/batched-log.ts';
    const log = new BatchedLog(1, { batchChars: 1024, maxDelayMs: 5 });
    let n = 0;
    const timer = setInterval(() => { for (let i = 0; i < 50; i++) log.write('line ' + n++ + '\\n'); }, 2);
    setTimeout(() => { clearInterval(timer); process.stderr.write('still running\\n'); }, 400);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, stderr);
    assert.match(stderr, /still running/);
  } finally {
    child.kill();
  }
});
