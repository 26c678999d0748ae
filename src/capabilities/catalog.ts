import type { RegisteredRoute } from '../http/route-registry.ts';

/** Every capability key the catalog lists, exact as the API spec gives them. */
export const CAPABILITY_KEYS = [
  'access', 'ai', 'approvals', 'asset_ops', 'automations', 'beauty', 'billing', 'bpm', 'calendar',
  'communications', 'counter', 'crm', 'documents', 'edo', 'event_bus', 'facility_access', 'files',
  'fiscal', 'healthcare', 'identity', 'inventory', 'learning', 'ledger', 'logistics', 'mail',
  'marketplace', 'metrics', 'notifications', 'payments', 'procurement', 'quality', 'service_billing',
  'service_commerce', 'service_engagement', 'service_ops', 'service_partners', 'service_relationships',
  'sports', 'sports_fitness', 'sports_wellness', 'sterilization', 'tasks',
] as const;

const SCHEMA_VERSION = 1;

const PLATFORM_KEYS = new Set(['access', 'identity', 'event_bus', 'automations', 'notifications', 'metrics', 'files', 'documents']);

const DEPENDS_ON: Record<string, string[]> = {
  crm: ['identity', 'access'],
  inventory: ['identity', 'access'],
  ledger: ['inventory'],
  event_bus: ['access'],
  tasks: ['identity', 'access'],
  bpm: ['identity', 'access'],
  calendar: ['identity', 'access'],
  payments: ['identity', 'access'],
  approvals: ['payments'],
  logistics: ['identity', 'access'],
};

export interface CatalogAction {
  scope: string;
  mode: 'read' | 'write';
  method: string;
  path: string;
  requiredModules: string[];
  permissions: string[];
  risk: 'low' | 'medium' | 'high';
  confirmation: boolean;
  idempotencyKey: 'supported' | 'not_applicable';
}

export interface Catalog {
  schemaVersion: number;
  products: Array<{ slug: string; status: string }>;
  capabilities: Array<{
    key: string;
    version: number;
    kind: 'platform' | 'domain';
    dependsOn: string[];
    providers: string[];
    exposure: 'public_api' | 'internal';
    actions: CatalogAction[];
  }>;
  solutionBlueprints: Array<{ key: string; maturity: string; operators: string[] }>;
}

function actionOf(route: RegisteredRoute): CatalogAction {
  const { access } = route;
  return {
    scope: access.scope,
    mode: access.mode,
    method: route.method,
    path: route.path,
    requiredModules: [access.capability],
    permissions: access.right === undefined ? [] : access.right === 'all' ? ['all'] : [access.right],
    risk: access.risk ?? (access.mode === 'read' ? 'low' : 'medium'),
    confirmation: access.confirmation ?? access.risk === 'high',
    idempotencyKey: route.method === 'POST' ? 'supported' : 'not_applicable',
  };
}

/** The catalog is computed from the routes the server registered, so it cannot disagree with them. */
export function buildCatalog(routes: RegisteredRoute[]): Catalog {
  const byKey = new Map<string, CatalogAction[]>();
  for (const route of routes) {
    const list = byKey.get(route.access.capability) ?? [];
    list.push(actionOf(route));
    byKey.set(route.access.capability, list);
  }
  const capabilities = CAPABILITY_KEYS.map((key) => {
    const actions = byKey.get(key) ?? [];
    return {
      key,
      version: 1,
      kind: PLATFORM_KEYS.has(key) ? ('platform' as const) : ('domain' as const),
      dependsOn: DEPENDS_ON[key] ?? [],
      providers: actions.length > 0 ? ['bizplat'] : [],
      exposure: actions.length > 0 ? ('public_api' as const) : ('internal' as const),
      actions,
    };
  });
  const offered = (keys: string[]) => keys.every((k) => (byKey.get(k)?.length ?? 0) > 0);
  return {
    schemaVersion: SCHEMA_VERSION,
    products: [
      { slug: 'bizplat', status: 'active' },
      ...capabilities.filter((c) => c.exposure === 'public_api' && c.kind === 'domain').map((c) => ({ slug: c.key, status: 'active' })),
    ],
    capabilities,
    solutionBlueprints: [
      { key: 'lead_to_deal', maturity: offered(['crm']) ? 'stable' : 'planned', operators: ['crm', 'event_bus'] },
      { key: 'order_to_stock', maturity: offered(['crm', 'inventory']) ? 'stable' : 'planned', operators: ['crm', 'inventory'] },
    ],
  };
}
