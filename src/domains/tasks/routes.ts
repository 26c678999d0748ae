/** The tasks endpoints: thin handlers (parse → one use case → reply). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { readerTag, taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write } from '../../http/write.ts';
import { listProjects } from './projects.ts';
import { projects, tasks } from './queries.ts';
import { ProjectList, ProjectListQuery, Task, TaskCreate, TaskList, TaskListQuery, TaskPatch } from './schemas.ts';
import { createTask, getTask, listTasks, updateTask } from './tasks.ts';
import { seesAll } from './visibility.ts';

const read: RouteAccess = { scope: 'tasks:read', capability: 'tasks', mode: 'read' };
const edit: RouteAccess = { scope: 'tasks:write', right: 'tasks.edit', capability: 'tasks', mode: 'write', risk: 'low' };
const tags = ['tasks'];
const visibility = 'Without the right tasks.view_all only the tasks the token owner created, executes, co-executes or watches are seen.';

export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/tasks', operationId: 'listTasks', tags, access: read,
    summary: 'List tasks',
    description: `Newest first; archived tasks are never listed. assignee_id matches the executor or a co-executor. ${visibility}`,
    query: TaskListQuery,
    conditional: taggedByCollection(tasks, readerTag(seesAll)),
    response: { status: 200, schema: TaskList, description: 'A page of the tasks the caller sees.' },
  }, async (req) => listTasks(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/tasks/:id', operationId: 'getTask', tags, access: read,
    summary: 'Get a task',
    description: `A task outside the caller's visibility is 404. ${visibility}`,
    params: IdParam,
    conditional: taggedByVersion(tasks, readerTag(seesAll)),
    response: { status: 200, schema: Task, description: 'The task, with its version as ETag.' },
  }, async (req) => getTask(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/tasks', operationId: 'createTask', tags, access: edit,
    summary: 'Create a task',
    description:
      'Creates a task at version 1 authored by the token owner, in the dictionary\'s initial status unless status is given. '
      + 'Users, project and deal must be of the organization; a deadline in the past is refused. '
      + 'A priority other than the default needs the right tasks.set_priority. Raises task.assigned when the task has an executor or co-executors.',
    body: TaskCreate,
    response: { status: 201, schema: Task, description: 'The task created.' },
    errors: { 403: 'The scope or right is missing, or a priority is set without the right tasks.set_priority.', 409: 'The Idempotency-Key is in use (idempotency_in_progress).' },
  }, async (req, reply) => write(req, reply, 201, (tx) => createTask(tx, req.actor, req.body)));

  route(app, {
    method: 'PATCH', url: '/tasks/:id', operationId: 'updateTask', tags, access: edit,
    summary: 'Change a task (status, executor, deadline, …)',
    description:
      'Changes only the fields sent. A status change must be an allowed transition of the dictionary; changing priority needs the right tasks.set_priority; '
      + 'is_archived archives (or restores) the task. A new executor or added co-executors raise task.assigned. '
      + 'The task of a business process stage changes status or is archived only by its executor, or by a holder of bpm.admin with the scope bpm:execute; its executor never changes. ' + visibility,
    params: IdParam, body: TaskPatch,
    response: { status: 200, schema: Task, description: 'The task at its new version (also the ETag).' },
    errors: {
      403: 'The scope or right is missing (insufficient_scope), the priority changes without the right tasks.set_priority (insufficient_scope), or someone other than '
        + 'the executor of a process stage task changes its status or archives it (executor_only, with details.executor_id).',
      422: 'The input is not valid, a status transition is not allowed, or the executor of a process stage task would change (validation_error; details.fields lists each field).',
      409: 'The task changed since the If-Match version (stale_version, with details.expected_version).',
    },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => updateTask(tx, req.actor, req.params.id, req.body, expected));
  });

  route(app, {
    method: 'GET', url: '/projects', operationId: 'listProjects', tags, access: read,
    summary: 'List projects',
    description: 'Projects tasks belong to, by name; archived projects are not listed.',
    query: ProjectListQuery,
    conditional: taggedByCollection(projects),
    response: { status: 200, schema: ProjectList, description: 'A page of projects.' },
  }, async (req) => listProjects(db(), req.actor, req.query));
}
