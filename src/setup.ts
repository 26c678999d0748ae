import type { Config } from './config.ts';
import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { eventMigrations } from './events/migrations.ts';
import { registerEvents } from './events/registry.ts';
import { platformMigrations } from './platform/migrations.ts';
import { registerSealedProbes } from './platform/server-key.ts';
import type { OrganizationCreatedHook } from './platform/service.ts';
import type { Migration } from './storage/migrations.ts';
import { byName, runMigrations } from './storage/migrations.ts';
import { openStorage } from './storage/storage.ts';
import type { OpenOptions, Storage } from './storage/storage.ts';

/** Every migration of the platform and the modules, in the order they run: by name. */
export function allMigrations(modules: DomainModule[] = domainModules): Migration[] {
  return [...platformMigrations, ...eventMigrations, ...modules.flatMap((m) => m.migrations)].sort(byName);
}

export function organizationHooks(modules: DomainModule[] = domainModules): OrganizationCreatedHook[] {
  return modules.flatMap((m) => (m.onOrganizationCreated ? [m.onOrganizationCreated] : []));
}

/**
 * Brings the schema up to date for these modules and registers their events and consumers, so
 * that what this process writes reaches every consumer (see src/events/registry.ts).
 */
export async function migrate(storage: Storage, modules: DomainModule[] = domainModules): Promise<string[]> {
  registerEvents(
    modules.flatMap((m) => m.events ?? []),
    modules.flatMap((m) => m.consumers ?? []),
    modules.flatMap((m) => m.reactions ?? []),
  );
  registerSealedProbes(modules.flatMap((m) => (m.sealed ? [m.sealed] : [])));
  return runMigrations(storage.sessionDb, storage.dialect, allMigrations(modules));
}

/** Opens the configured database and brings its schema up to date. */
export async function openMigratedStorage(config: Config, options: OpenOptions = {}, modules: DomainModule[] = domainModules): Promise<Storage> {
  const storage = openStorage(config, options);
  try {
    await migrate(storage, modules);
    return storage;
  } catch (error) {
    await storage.close();
    throw error;
  }
}
