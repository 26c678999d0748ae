/**
 * The whole database as Kysely sees it: each part of the platform declares its own tables in
 * its tables.ts, and they meet only here.
 */
import type { EventTables } from '../events/tables.ts';
import type { PlatformTables } from '../platform/tables.ts';
import type { CrmTables } from '../domains/crm/tables.ts';
import type { InventoryTables } from '../domains/inventory/tables.ts';
import type { WebhookTables } from '../domains/webhooks/tables.ts';

export interface Database extends PlatformTables, EventTables, CrmTables, InventoryTables, WebhookTables {}
