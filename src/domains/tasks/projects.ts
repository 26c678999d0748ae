/** Projects: read through the API, written by imports. */
import type { Page } from '../../http/pagination.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { TasksActor } from './actor.ts';
import { projects } from './queries.ts';
import type { ProjectImportInput, ProjectListInput } from './schemas.ts';

export type ProjectOut = NonNullable<Awaited<ReturnType<typeof projects.find>>>;

export function listProjects(db: Db, actor: TasksActor, query: ProjectListInput): Promise<Page<ProjectOut>> {
  return projects.list(db, actor.orgId, { limit: query.limit, offset: query.offset });
}

export function createProject(tx: Tx, orgId: string, input: ProjectImportInput): Promise<ProjectOut> {
  return projects.insert(tx.db, {
    org_id: orgId,
    id: input.id ?? newId(),
    name: input.name.trim(),
    icon: input.icon ?? null,
    color: input.color ?? null,
    is_archived: input.is_archived ?? false,
    created_at: nowIso(),
  });
}
