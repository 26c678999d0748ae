import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { it } from 'node:test';
import { setImmediate as turn } from 'node:timers/promises';
import { TurnLines } from '../../src/http/turn-lines.ts';

it("hands one turn's lines on in one write, in their order, once the turn ends", async () => {
  const writes: string[] = [];
  const lines = new TurnLines({ write: (text) => void writes.push(text) });
  lines.write('a\n');
  lines.write('b\n');
  assert.deepEqual(writes, []);
  await turn();
  lines.write('c\n');
  await turn();
  assert.deepEqual(writes, ['a\nb\n', 'c\n']);
});

it('loses no line at process.exit: what it holds reaches stdout through the batching stream', () => {
  const script = `
    import { destination } from 'pino';
    import { TurnLines } from './src/http/turn-lines.ts';
    const lines = new TurnLines(destination({ dest: 1, sync: false, minLength: 32768, maxWrite: 65536, periodicFlush: 100 }));
    for (let i = 0; i < 3; i++) lines.write('line ' + i + '\\n');
    process.exit(0);
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(out, 'line 0\nline 1\nline 2\n');
});
