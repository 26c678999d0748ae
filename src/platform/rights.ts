/** Role rights and token scopes: names exact as the operator contract and the API spec give them. */

export const RIGHTS = [
  'crm.clients',
  'crm.deals.edit',
  'org.inventory.edit',
  'finance.approve',
  'finance.pay',
  'tasks.edit',
  'tasks.view_all',
  'tasks.set_priority',
  'content.meetings.manage',
  'calendar.view_all',
  'bpm.admin',
] as const;
export type Right = (typeof RIGHTS)[number];

export const SCOPES = [
  'crm:read',
  'crm:write',
  'inventory:read',
  'inventory:write',
  'finance:read',
  'finance:write',
  'tasks:read',
  'tasks:write',
  'bpm:read',
  'bpm:execute',
  'hr:read',
  'production:read',
  'calendar:read',
  'calendar:write',
  'admin:all',
] as const;
export type Scope = (typeof SCOPES)[number];

export function isRight(value: string): value is Right {
  return (RIGHTS as readonly string[]).includes(value);
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
