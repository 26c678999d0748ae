import type { DomainModule } from '../module.ts';

export const inventoryModule: DomainModule = { name: 'inventory', migrations: [] };
