/** The business-process endpoints: thin handlers (parse → one use case → reply). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { readerTag, taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { requestSource } from '../../http/audit-source.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { write } from '../../http/write.ts';
import { cancelByUser, getProcess, listProcesses, seesAll, startProcess } from './processes.ts';
import { processes, templates } from './queries.ts';
import { Process, ProcessCreate, ProcessList, ProcessListQuery, ProcessStarted, ProcessTemplateList, ProcessTemplateListQuery } from './schemas.ts';
import { listTemplates } from './templates.ts';

const read: RouteAccess = { scope: 'bpm:read', capability: 'bpm', mode: 'read' };
const execute: RouteAccess = { scope: 'bpm:execute', capability: 'bpm', mode: 'write', risk: 'low' };
const tags = ['processes'];
const visibility = 'Without the right bpm.admin only the processes the token owner started or executes a stage of are seen.';

export async function processesRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/process-templates', operationId: 'listProcessTemplates', tags, access: read,
    summary: 'List published process templates',
    description: 'Templates are imported (collection processTemplates); only published ones are listed, by title.',
    query: ProcessTemplateListQuery,
    conditional: taggedByCollection(templates),
    response: { status: 200, schema: ProcessTemplateList, description: 'A page of published templates.' },
  }, async (req) => listTemplates(db(), req.actor.orgId, req.query));

  route(app, {
    method: 'GET', url: '/processes', operationId: 'listProcesses', tags, access: read,
    summary: 'List process instances',
    description: `Newest first. ${visibility}`,
    query: ProcessListQuery,
    conditional: taggedByCollection(processes, readerTag(seesAll)),
    response: { status: 200, schema: ProcessList, description: 'A page of the processes the caller sees.' },
  }, async (req) => listProcesses(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/processes/:id', operationId: 'getProcess', tags, access: read,
    summary: 'Get a process with its stages',
    description: `stage_instances lists the activated stages in activation order. A process outside the caller's visibility is 404. ${visibility}`,
    params: IdParam,
    conditional: taggedByVersion(processes, readerTag(seesAll)),
    response: { status: 200, schema: Process, description: 'The process with its stage instances.' },
  }, async (req) => getProcess(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/processes', operationId: 'startProcess', tags, access: execute,
    summary: 'Start a process from a published template',
    description:
      'The token owner is the initiator. In one transaction the process is created running, its start stage is activated (a task or approval stage becomes a task '
      + 'assigned to the stage executor, authored by them and watched by the initiator, which notifies them), and the journal records it. Only the executor (or a '
      + 'bpm.admin with a token scoped bpm:execute, named as such in the journal) completes or decides a stage, by closing its task; its executor never changes '
      + 'through PATCH /tasks. entity_type and entity_id go together and name an existing deal or client of the organization, or a task the caller sees (one '
      + 'out of sight answers as one that does not exist). variables (or initial_variables: one of the two) is any object.',
    body: ProcessCreate,
    response: { status: 201, schema: ProcessStarted, description: 'The process started.' },
    errors: {
      404: 'No process template of this id in the organization (not_found).',
      409: 'The template is not published (template_not_published), or the Idempotency-Key is in use (idempotency_in_progress).',
      422: 'The input is not valid, or the template has no start stage (validation_error; details.fields lists each field).',
    },
  }, async (req, reply) => write(req, reply, 201, (tx) => startProcess(tx, req.actor, req.body)));

  route(app, {
    method: 'POST', url: '/processes/:id/cancel', operationId: 'cancelProcess', tags, access: { ...execute, risk: 'high' },
    summary: 'Cancel a running process (extension of v1)',
    description:
      'For the process\'s initiator, or a user with the right bpm.admin. In one transaction the process becomes cancelled, its active stages are cancelled and their tasks closed as cancelled, ' +
      'the journal records who did it, process.cancelled is raised and the audit trail records it. A process out of the caller\'s sight is 404. Repeated on a cancelled process, it answers the process unchanged.',
    params: IdParam,
    response: { status: 200, schema: Process, description: 'The process, cancelled, with its stages.' },
    errors: {
      403: 'The caller sees the process but neither started it nor has the right bpm.admin (insufficient_scope).',
      404: 'No process of this id in the caller\'s sight (not_found).',
      409: 'The process has completed or failed (process_not_running).',
    },
  }, async (req, reply) => write(req, reply, 200, async (tx) => cancelByUser(tx, req.actor, req.params.id, await requestSource(tx.db, req))));
}
