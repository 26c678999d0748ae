import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { readJson } from '../../src/storage/codecs.ts';
import { onlyJson, ROOT, runCli } from '../helpers/cli.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { countRows, employeeId, importError } from './helpers.ts';
import type { EmployeePage } from './helpers.ts';

const documents = [{ kind: 'passport', number: 'AB1234567' }];

function goodFile(): { employees: Array<Record<string, unknown>> } {
  return {
    employees: [
      { id: employeeId(0x101), full_name: 'Aziza Rahimova', position: 'Accountant', department_id: 'finance', status: 'active', salary: '5400.00', birth_date: '1990-05-06', documents },
      { id: employeeId(0x102), full_name: 'Bekzod Tursunov', status: 'on_leave' },
      { full_name: 'Elena Petrova', department_id: 'sales', status: 'dismissed', is_archived: true, notes: { reviewer: 'HR' } },
    ],
  };
}

describeEachDatabase('employees import', (ctx) => {
  it('imports employees keeping ids, the projection and the private fields in separate tables', async () => {
    const p = await createPrincipal(ctx());
    assert.deepEqual(await importData(ctx().storage, p.slug, goodFile()), { employees: 3 });
    const rows = await ctx().storage.db.selectFrom('hr_employees').selectAll().where('org_id', '=', p.orgId).orderBy('full_name').execute();
    assert.deepEqual(rows.map((r) => [r.full_name, r.status]), [['Aziza Rahimova', 'active'], ['Bekzod Tursunov', 'on_leave'], ['Elena Petrova', 'dismissed']]);
    assert.equal(rows[0]!.id, employeeId(0x101));
    assert.ok(!JSON.stringify(rows).includes('5400.00'), 'the projection table holds no private value');
    const hidden = await ctx().storage.db.selectFrom('hr_employee_private').selectAll().where('org_id', '=', p.orgId).orderBy('employee_id').execute();
    const byId = new Map(hidden.map((h) => [h.employee_id, readJson<Record<string, unknown>>(h.data)]));
    assert.deepEqual(byId.get(employeeId(0x101)), { salary: '5400.00', birth_date: '1990-05-06', documents });
    assert.equal(byId.has(employeeId(0x102)), false, 'no private row for an employee without private fields');
    assert.equal(hidden.length, 2);
    const listed = json<EmployeePage>(await api(ctx(), p.token, 'GET', '/employees'));
    assert.deepEqual(listed.items.map((e) => e.full_name), ['Aziza Rahimova', 'Bekzod Tursunov'], 'the archived one is not listed');
  });

  it('accepts a user_id of the organization only', async () => {
    const p = await createPrincipal(ctx());
    const stranger = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, { employees: [{ full_name: 'Linked', user_id: p.userId }] });
    const error = await importError(importData(ctx().storage, p.slug, { employees: [{ full_name: 'Foreign', user_id: stranger.userId }] }));
    assert.deepEqual(error.details.fields, [{ field: 'employees[0].user_id', message: 'is not a user of the organization' }]);
  });

  it('a file with one bad record imports nothing, names the record and field, and never quotes a private value', async () => {
    const secret = 'PRIVATE-VALUE-7731';
    const p = await createPrincipal(ctx());
    const cases: Array<[(f: { employees: Array<Record<string, unknown>> }) => void, string]> = [
      [(f) => delete f.employees[1]!.full_name, 'employees[1].full_name'],
      [(f) => (f.employees[1]!.full_name = ''), 'employees[1].full_name'],
      [(f) => (f.employees[1]!.status = 'fired'), 'employees[1].status'],
      [(f) => (f.employees[1]!.position = 42), 'employees[1].position'],
      [(f) => (f.employees[2]!.is_archived = 'yes'), 'employees[2].is_archived'],
      [(f) => (f.employees[1]!.user_id = '0190a1b2-0000-7000-8000-0000000000ff'), 'employees[1].user_id'],
      [(f) => (f.employees[2]!.id = employeeId(0x101)), 'employees[2].id'],
      [(f) => (f.employees[1]!.id = 'has\u0000nul'), 'employees[1].id'],
      [(f) => (f.employees[1]!.salary = `${secret}\u0000`), 'employees[1].salary'],
      [(f) => (f.employees[1]!.documents = [{ number: `${secret}\ud800` }]), 'employees[1].documents'],
      [(f) => f.employees.push('not an object' as unknown as Record<string, unknown>), 'employees[3]'],
    ];
    for (const [spoil, field] of cases) {
      const file = goodFile();
      for (const e of file.employees) e.passport = secret;
      spoil(file);
      const error = await importError(importData(ctx().storage, p.slug, file));
      assert.equal(error.status, 422);
      const fields = error.details.fields as Array<{ field: string; message: string }>;
      assert.ok(fields.some((f) => f.field === field || f.field.startsWith(`${field}.`)), `${field}: ${JSON.stringify(fields)}`);
      assert.ok(!JSON.stringify({ message: error.message, details: error.details }).includes(secret), `${field}: ${error.message}`);
      assert.equal(await countRows(ctx(), 'hr_employees', p.orgId), 0, field);
      assert.equal(await countRows(ctx(), 'hr_employee_private', p.orgId), 0, field);
    }
  });

  it('an id already in the organization refuses the file; the same id in another organization is fine', async () => {
    const p = await createPrincipal(ctx());
    const q = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, { employees: [{ id: employeeId(0x201), full_name: 'First' }] });
    const error = await importError(importData(ctx().storage, p.slug, { employees: [{ id: employeeId(0x202), full_name: 'Second' }, { id: employeeId(0x201), full_name: 'Again' }] }));
    assert.ok((error.details.fields as Array<{ field: string }>).some((f) => f.field === 'employees[1].id'));
    assert.equal(await countRows(ctx(), 'hr_employees', p.orgId), 1);
    await importData(ctx().storage, q.slug, { employees: [{ id: employeeId(0x201), full_name: 'Other org' }] });
  });

  it('employees export prints the import-file form; private fields only with --include-private, and it imports again', async () => {
    const p = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, goodFile());
    const db = ctx().config.databaseUrl;
    const plain = onlyJson(await runCli(['employees', 'export', '--org', p.slug, '--json', '--db', db]));
    assert.ok(!JSON.stringify(plain).includes('5400.00') && !JSON.stringify(plain).includes('AB1234567'));
    const full = onlyJson(await runCli(['employees', 'export', '--org', p.slug, '--include-private', '--json', '--db', db])) as { employees: Array<Record<string, unknown>> };
    assert.deepEqual(full.employees[0], { ...goodFile().employees[0], user_id: null, is_archived: false });
    assert.equal(full.employees.length, 3);
    const q = await createPrincipal(ctx());
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-hr-'));
    try {
      writeFileSync(join(dir, 'employees.json'), JSON.stringify(full));
      assert.deepEqual(onlyJson(await runCli(['import', '--org', q.slug, '--file', join(dir, 'employees.json'), '--json', '--db', db])), { employees: 3 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const again = onlyJson(await runCli(['employees', 'export', '--org', q.slug, '--include-private', '--json', '--db', db]));
    assert.deepEqual(again, full);
  });

  it('only private.queries.ts reads or writes the private table (beside its declaration and migration)', () => {
    const dir = join(ROOT, 'src');
    const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.ts'));
    const mentioning = files.filter((f) => readFileSync(join(dir, f), 'utf8').includes('hr_employee_private')).sort();
    assert.deepEqual(mentioning, ['domains/hr/migrations.ts', 'domains/hr/private.queries.ts', 'domains/hr/tables.ts']);
  });
});
