/**
 * The employee directory: one list. The spec lists no read of a single employee, so there is none.
 * The answer schema is the whitelist, and the resource reads only the projection table.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { taggedByCollection } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { listEmployees } from './employees.ts';
import { employees } from './queries.ts';
import { EmployeeList, EmployeeListQuery } from './schemas.ts';

/** The directory of the organization's people: the catalog's `identity` capability (the spec has no HR key). */
const read: RouteAccess = { scope: 'hr:read', capability: 'identity', mode: 'read' };
const tags = ['hr'];

export async function hrRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/employees', operationId: 'listEmployees', tags, access: read,
    summary: 'List employees',
    description: 'The employee directory, by full name; archived employees are never listed. Each employee shows only id, user_id, full_name, position, department_id and status.',
    query: EmployeeListQuery,
    conditional: taggedByCollection(employees),
    response: { status: 200, schema: EmployeeList, description: 'A page of employees.' },
  }, async (req) => listEmployees(db(), req.actor, req.query));
}
