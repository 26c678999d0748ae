import assert from 'node:assert/strict';
import { it } from 'node:test';
import { pino } from 'pino';
import { RequestLogger } from '../../src/http/request-logger.ts';

function logger(level: string) {
  const lines: string[] = [];
  return { lines, log: pino({ level, timestamp: false }, { write: (line: string) => void lines.push(line) }) };
}

it('writes the lines the pino child with the same bindings writes, byte for byte, whatever the arguments', () => {
  const direct = logger('debug');
  const lazy = logger('debug');
  const child = direct.log.child({ request_id: 'r-1' }, {});
  const request = new RequestLogger(lazy.log, { request_id: 'r-1' }, {});
  for (const log of [child, request]) {
    log.info('text only');
    log.info('formatted %s and %d', 'a', 2);
    log.warn({ detail: { n: 1 } }, 'with an object');
    log.error(new Error('failed'));
    log.debug({ only: 'an object' });
    log.trace('below the level: not written');
    log.child({ nested: true }).info('through a child of it');
  }
  assert.equal(direct.lines.length, 6);
  assert.deepEqual(lazy.lines, direct.lines);
});

it('reports the level it logs at, before and after its first line, and takes a new one', () => {
  const { lines, log } = logger('info');
  const request = new RequestLogger(log, { request_id: 'r-2' }, {});
  assert.equal(request.level, 'info');
  request.debug('not written');
  assert.deepEqual(lines, []);
  request.level = 'debug';
  assert.equal(request.level, 'debug');
  request.debug('written');
  assert.equal(log.level, 'info', 'the parent keeps its level');
  assert.deepEqual(lines.map((l) => (JSON.parse(l) as { msg: string; request_id: string }).request_id), ['r-2']);
});
