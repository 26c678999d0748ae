/**
 * The private-field leak test: an employee with distinctive private values is imported, then
 * every route the app registered is called (lists, records, documents, error paths) and no
 * answer, header, log line or CLI output may contain any of the values.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX, buildApp } from '../../src/app.ts';
import { importData } from '../../src/import.ts';
import { runCli } from '../helpers/cli.ts';
import type { CliResult } from '../helpers/cli.ts';
import { checkEveryAnswer } from '../helpers/contract.ts';
import { createPrincipal, describeEachDatabase, testConfig } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { employeeId } from './helpers.ts';
import { registeredRoutes } from './routes.ts';

const SALARY = '987654321.77';
const BIRTH_DATE = '1901-02-03';
const PASSPORT = 'ZX-PASSPORT-4417-UNIQUE';
const NOTE = 'medical-note-8c1f-private';
const PRIVATE_VALUES = [SALARY, BIRTH_DATE, PASSPORT, NOTE];
const EMPLOYEE_ID = employeeId(0xbeef);

const privateFields = { salary: SALARY, birth_date: BIRTH_DATE, documents: [{ kind: 'passport', number: PASSPORT }], health: { notes: [NOTE] } };
const employee = { id: EMPLOYEE_ID, full_name: 'Leak Probe', position: 'Analyst', department_id: 'research', status: 'active', ...privateFields };

/** The place each value showed up, for a message that says where a leak is. */
function leaksIn(where: string, text: string): string[] {
  return PRIVATE_VALUES.filter((v) => text.includes(v)).map((v) => `${where}: ${v}`);
}

function answerText(res: LightMyRequestResponse): string {
  return `${JSON.stringify(res.headers)}\n${res.body}`;
}

describeEachDatabase('private employee fields never leave the server', (ctx) => {
  let p: Principal;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const leaks: string[] = [];
  const cliRuns: Array<[string, CliResult]> = [];
  let dir: string;

  const cli = async (label: string, args: string[]) => {
    const result = await runCli([...args, '--json', '--db', ctx().config.databaseUrl]);
    cliRuns.push([label, result]);
    return result;
  };
  const call = async (method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> => {
    const res = await app.inject({ method: method as 'GET', url, headers: { 'x-api-token': p.token }, ...(body !== undefined ? { payload: body as object } : {}) });
    leaks.push(...leaksIn(`${method} ${url} → ${res.statusCode}`, answerText(res)));
    return res;
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bizplat-leak-'));
    p = await createPrincipal(ctx());
    const config = testConfig(ctx().config.databaseUrl, { BIZPLAT_LOG_LEVEL: 'trace' });
    app = await buildApp({ config, storage: ctx().storage, logStream: { write: (line) => void logLines.push(line) } });
    await app.ready();
    await checkEveryAnswer(app, API_PREFIX);
    assert.equal((await cli('seed', ['seed', '--org', p.slug])).code, 0);
    writeFileSync(join(dir, 'good.json'), JSON.stringify({ employees: [employee] }));
    assert.equal((await cli('import', ['import', '--org', p.slug, '--file', join(dir, 'good.json')])).code, 0);
    // Rejected after the private fields were read: the status is wrong, and so is a NUL in a private field.
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ employees: [{ ...privateFields, full_name: 'Bad', status: 'fired', passport_copy: `${PASSPORT}\u0000` }] }));
    assert.notEqual((await cli('rejected import', ['import', '--org', p.slug, '--file', join(dir, 'bad.json')])).code, 0);
    assert.equal((await cli('export', ['employees', 'export', '--org', p.slug])).code, 0);
  });
  beforeEach(() => {
    leaks.length = 0;
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the values are stored (the operator export with --include-private shows them): the search below can find them', async () => {
    const full = await runCli(['employees', 'export', '--org', p.slug, '--include-private', '--json', '--db', ctx().config.databaseUrl]);
    assert.deepEqual(leaksIn('export', full.stdout).length, PRIVATE_VALUES.length, full.stderr);
  });

  it('no answer of any registered route holds them: lists, records, documents and error paths', async () => {
    const routes = registeredRoutes(app);
    const doc = (await call('GET', `${API_PREFIX}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const url = `${API_PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;
        assert.ok(routes.some((r) => r.method === method.toUpperCase() && r.url === url), `${method} ${url} is registered`);
      }
    }
    const idsOf = async (listUrl: string): Promise<string[]> => {
      const res = await call('GET', listUrl);
      const items = res.statusCode === 200 ? ((res.json() as { items?: Array<{ id?: unknown }> }).items ?? []) : [];
      return items.map((i) => i.id).filter((id): id is string => typeof id === 'string').slice(0, 3);
    };
    let calls = 0;
    for (const route of routes) {
      const url = route.url.replace(/\/?\*$/, '/swagger-ui.css');
      const param = /:\w+/;
      const ids = param.test(url) ? [EMPLOYEE_ID, ...(await idsOf(url.slice(0, url.search(param) - 1)))] : [''];
      for (const id of route.method === 'GET' ? ids : ids.slice(0, 1)) {
        const target = url.replace(param, id);
        if (route.method === 'GET') {
          await call('GET', target);
          await call('GET', `${target}${target.includes('?') ? '&' : '?'}no_such_parameter=1`);
        } else {
          await call(route.method, target, {});
        }
        calls += 1;
      }
    }
    assert.ok(calls >= routes.length, `${calls} calls for ${routes.length} routes`);
    assert.ok(routes.some((r) => r.url === `${API_PREFIX}/employees`));
    assert.deepEqual(leaks, []);
  });

  it('nor does the employee list under any filter, search or refusal', async () => {
    const listed = (await call('GET', `${API_PREFIX}/employees?search=leak%20probe`)).json() as { items: Array<Record<string, unknown>> };
    assert.deepEqual(listed.items, [{ id: EMPLOYEE_ID, user_id: null, full_name: 'Leak Probe', position: 'Analyst', department_id: 'research', status: 'active' }]);
    for (const query of [
      `search=${SALARY}`, `search=${PASSPORT}`, `department_id=${BIRTH_DATE}`, 'status=fired', 'include_archived=true', `salary=${SALARY}`,
      `search=${'x'.repeat(201)}`, 'limit=0', 'offset=-1', 'department_id=research&status=active&limit=1',
    ]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/employees?${query}`, headers: { 'x-api-token': p.token } });
      // A value the caller sent may come back to them in a refusal; only the answers to searches must never carry one.
      if (res.statusCode === 200) {
        assert.ok(res.statusCode === 200 && (res.json() as { total: number }).total <= 1);
        leaks.push(...leaksIn(`GET /employees?${query}`, answerText(res).replace(query, '')));
      }
    }
    assert.equal(((await app.inject({ method: 'GET', url: `${API_PREFIX}/employees?search=${SALARY}`, headers: { 'x-api-token': p.token } })).json() as { total: number }).total, 0);
    assert.deepEqual(leaks, []);
  });

  it('nor does an import refused after reading them (the error, as the API and the CLI give it)', async () => {
    const refused = await importData(ctx().storage, p.slug, { employees: [{ ...privateFields, full_name: 'X', position: 7 }] }).catch((e: unknown) => e as Error & { details: unknown });
    assert.ok(refused instanceof Error);
    assert.deepEqual(leaksIn('import error', `${refused.message} ${JSON.stringify(refused.details)}`), []);
    const rejected = cliRuns.find(([label]) => label === 'rejected import')![1];
    // Input bounds are checked before the schema, so the NUL is what the refusal names.
    assert.match(rejected.stderr, /employees\[0\]\.passport_copy/);
  });

  it('nor any CLI output (import, seed, the rejected import, the export without --include-private)', () => {
    assert.deepEqual(cliRuns.map(([label]) => label), ['seed', 'import', 'rejected import', 'export']);
    for (const [label, result] of cliRuns) leaks.push(...leaksIn(`cli ${label}`, `${result.stdout}\n${result.stderr}`));
    assert.deepEqual(leaks, []);
  });

  it('nor any event, nor any log line of all the requests above', async () => {
    const events = await ctx().storage.db.selectFrom('events').select(['event', 'data']).where('org_id', '=', p.orgId).execute();
    assert.deepEqual(leaksIn('events', JSON.stringify(events)), []);
    assert.ok(logLines.length > 50, `${logLines.length} log lines`);
    assert.deepEqual(leaksIn('logs', logLines.join('')), []);
  });
});
