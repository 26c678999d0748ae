import { domainModules } from './domains/index.ts';
import type { DomainModule, ImportContext } from './domains/module.ts';
import { invalidFields, validationError } from './http/errors.ts';
import { inputProblems } from './http/input-bounds.ts';
import { requireOrganization } from './platform/service.ts';
import { RIGHTS } from './platform/rights.ts';
import { readJson } from './storage/codecs.ts';
import { lowerIdFields } from './storage/ids.ts';
import type { Storage } from './storage/storage.ts';
import { cliSource, recordAudit } from './platform/audit.ts';

/**
 * Imports one file: every collection in one transaction, in dependency order; a bad record
 * rejects the whole file with a message naming the collection, record and field.
 */
export async function importData(
  storage: Storage,
  orgSlug: string,
  data: unknown,
  modules: DomainModule[] = domainModules,
  progress?: ImportContext['progress'],
): Promise<Record<string, number>> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw validationError('the import file must be one JSON object whose keys are collections');
  }
  const file = data as Record<string, unknown>;
  const importers = modules.flatMap((m) => m.importers ?? []);
  const known = new Set(importers.map((i) => i.collection));
  for (const [collection, records] of Object.entries(file)) {
    if (!known.has(collection)) {
      throw validationError(`collection "${collection}" is not supported; supported: ${[...known].join(', ')}`, [{ field: collection, message: 'is not a supported collection' }]);
    }
    if (!Array.isArray(records)) throw validationError(`collection "${collection}" must be an array of records`, [{ field: collection, message: 'must be an array' }]);
  }
  // What the API refuses in any body (NUL, unpaired surrogates, deep nesting) no file brings in either.
  for (const [collection, records] of Object.entries(file)) {
    for (const [index, record] of (records as unknown[]).entries()) {
      const problems = inputProblems(record, '').map((f) => ({ ...f, field: `${collection}[${index}]${f.field === '' ? '' : `.${f.field}`}` }));
      if (problems.length > 0) throw invalidFields(problems);
    }
  }
  const org = await requireOrganization(storage, orgSlug);
  const ctx: ImportContext = { org, actingUserId: await firstAdministrator(storage, org.id), ...(progress === undefined ? {} : { progress }) };
  return storage.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    for (const importer of importers) {
      const records = file[importer.collection];
      if (records === undefined) continue;
      lowerIdFields(records);
      counts[importer.collection] = await importer.importRecords(tx, ctx, records as unknown[]);
    }
    const changes = Object.fromEntries(Object.entries(counts).map(([collection, n]) => [collection, { before: null, after: n }]));
    await recordAudit(tx, cliSource(), { orgId: org.id, action: 'import', targetType: 'organization', targetId: org.id, changes });
    return counts;
  });
}

async function firstAdministrator(storage: Storage, orgId: string): Promise<string> {
  const members = await storage.db
    .selectFrom('org_users')
    .select(['user_id', 'rights'])
    .where('org_id', '=', orgId)
    .orderBy('created_at')
    .execute();
  const admin = members.find((m) => {
    const rights = new Set(readJson<string[]>(m.rights));
    return RIGHTS.every((r) => rights.has(r));
  });
  const chosen = admin ?? members[0];
  if (!chosen) throw validationError('the organization has no users yet: create one with "user create" before importing');
  return chosen.user_id;
}
