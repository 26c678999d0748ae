import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { importData } from './import.ts';
import { RIGHTS } from './platform/rights.ts';
import { createOrganization, createToken, createUser } from './platform/service.ts';
import { tokenKey } from './platform/token-key.ts';
import { organizationHooks } from './setup.ts';
import type { Storage } from './storage/storage.ts';

const DEMO_SLUG = 'demo';

/** The demo data set: every domain's part, merged into one import file. */
export function demoDataSet(modules: DomainModule[] = domainModules): Record<string, unknown[]> {
  const data: Record<string, unknown[]> = {};
  for (const module of modules) {
    for (const [collection, records] of Object.entries(module.demoData ?? {})) {
      data[collection] = [...(data[collection] ?? []), ...records];
    }
  }
  return data;
}

export async function seedDemoData(storage: Storage, slug: string): Promise<Record<string, number>> {
  return importData(storage, slug, demoDataSet());
}

export interface DemoBootstrap {
  token: string;
  tokenId: string;
}

/**
 * On an empty database: the demo organization, an owner with every right, the demo data set,
 * and one admin:all token (returned once). On a database that has any organization: nothing.
 */
export async function bootstrapDemo(storage: Storage, pepper: string | undefined): Promise<DemoBootstrap | null> {
  const any = await storage.db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  await createOrganization(storage, { slug: DEMO_SLUG, name: 'Demo Company', currency: 'UZS' }, organizationHooks());
  const owner = await createUser(storage, { orgSlug: DEMO_SLUG, name: 'Demo Owner', email: 'owner@demo.example', rights: [...RIGHTS] });
  await seedDemoData(storage, DEMO_SLUG);
  const { id, token } = await createToken(storage, await tokenKey(storage, pepper), {
    orgSlug: DEMO_SLUG,
    user: owner.id,
    scopes: ['admin:all'],
    name: 'demo admin token',
  });
  return { token, tokenId: id };
}
