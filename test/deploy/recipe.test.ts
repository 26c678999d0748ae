/**
 * The deployment files of docs/deploy are what docs/operations.md shows, and they are valid:
 * the systemd unit passes `systemd-analyze verify`, the HAProxy configuration `haproxy -c`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/cli.ts';
import { HAPROXY_CONFIG, haproxyMissing } from './haproxy.ts';

const UNIT = join(ROOT, 'docs/deploy/bizplat@.service');
const OPERATIONS = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');

/** The fenced blocks of a Markdown text, by their info string. */
function fenced(markdown: string, info: string): string[] {
  return [...markdown.matchAll(new RegExp('^```' + info + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1]!);
}

const systemdMissing = spawnSync('systemd-analyze', ['--version']).status === 0 ? undefined : 'systemd-analyze is not installed';

describe('the deployment recipe', () => {
  it('docs/operations.md shows the committed unit and HAProxy configuration as they are', () => {
    assert.ok(fenced(OPERATIONS, 'ini').includes(readFileSync(UNIT, 'utf8')), 'docs/operations.md holds docs/deploy/bizplat@.service verbatim');
    assert.ok(fenced(OPERATIONS, 'haproxy').includes(readFileSync(HAPROXY_CONFIG, 'utf8')), 'docs/operations.md holds docs/deploy/haproxy.cfg verbatim');
  });

  it('the systemd unit passes systemd-analyze verify, as an instance on a port', { skip: systemdMissing }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-unit-'));
    try {
      const instance = join(dir, 'bizplat@3001.service');
      copyFileSync(UNIT, instance);
      const result = spawnSync('systemd-analyze', ['verify', instance], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr.trim(), '', 'no warning either');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the HAProxy configuration passes haproxy -c', { skip: haproxyMissing() }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-haproxy-'));
    try {
      const result = spawnSync('haproxy', ['-c', '-f', HAPROXY_CONFIG], { encoding: 'utf8', env: { ...process.env, BIZPLAT_HAPROXY_SOCKET: join(dir, 'admin.sock') } });
      assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
      assert.doesNotMatch(`${result.stdout}${result.stderr}`, /\[WARNING\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
