/** Task use cases: the status workflow, links checked against the organization, visibility, task.assigned. */
import type { Insertable, Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { forbidden, invalidField, validationError } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import type { LinkableUsers } from '../../platform/members.ts';
import { localNow, timeZoneOf } from '../../platform/time-zone.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { insertMany } from '../../storage/bulk-insert.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { TasksActor, Viewer } from './actor.ts';
import { checkLinks, readLookups, storedLookups } from './links.ts';
import type { Links, TaskLookups } from './links.ts';
import { replaceMembers, replaceMembersOfMany, tasks } from './queries.ts';
import type { TaskRecord } from './queries.ts';
import { DEFAULT_PRIORITY } from './schemas.ts';
import type { TaskCreateInput, TaskListInput, TaskOut, TaskPatchInput } from './schemas.ts';
import { checkTransition, closedAs, closingStatus, knownStatus, statusDictionary } from './statuses.ts';
import type { ClosedAs, StatusDictionary } from './statuses.ts';
import { checkStewardedChange, stewardOf } from './stewardship.ts';
import type { Steward } from './stewardship.ts';
import type { TasksTable } from './tables.ts';
import { canSee, memberRows, seesAll } from './visibility.ts';

export interface TaskDates {
  start_date: string | null;
  end_date: string | null;
  end_time: string | null;
}

/**
 * Order checks on the dates a task will have: start_date ≤ end_date, end_time only with
 * end_date, and (with `checkDeadline`) a deadline not in the past. The deadline is end_date at end_time — or, without end_time, the whole of end_date —
 * in the organization's time zone (the organization setting `timeZone`, an IANA name set with
 * `tasks settings --time-zone`; UTC when unset). A deadline earlier today is past; one later
 * today, or today without a time, is not.
 */
export function checkDates(dates: TaskDates, timeZone: string, checkDeadline: boolean, now: Date = new Date()): void {
  if (dates.end_time !== null && dates.end_date === null) throw invalidField('end_time', 'needs end_date: a deadline time is a time of the deadline date');
  if (dates.start_date !== null && dates.end_date !== null && dates.end_date < dates.start_date) {
    throw invalidField('end_date', `must not be before start_date (${dates.start_date})`);
  }
  if (!checkDeadline || dates.end_date === null) return;
  const today = localNow(timeZone, now);
  const past = dates.end_time === null ? dates.end_date < today.slice(0, 10) : `${dates.end_date}T${dates.end_time}` < today;
  if (past) {
    const deadline = dates.end_time === null ? dates.end_date : `${dates.end_date} ${dates.end_time}`;
    throw validationError(`the deadline ${deadline} (${timeZone}) is in the past`, [{ field: 'end_date', message: `the deadline ${deadline} (${timeZone}) is in the past` }]);
  }
}

/** What a new task may carry beyond the API body: an import keeps ids, authors, times and archived tasks. */
export interface CreateOptions {
  id?: string;
  createdBy?: string;
  isArchived?: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** Imports bring tasks whose deadline has passed: they skip that check (never the others). */
  checkDeadline?: boolean;
  /** Whether task.assigned is raised (not for imported tasks). */
  announce?: boolean;
  /** A workflow hands the task to its executor: who else may decide it (see stewardship.ts). */
  steward?: Steward;
  /** Who its users may be: active members (the API), or deactivated ones too (an import of history). */
  linkable?: LinkableUsers;
}

const distinct = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];

function requirePriorityRight(actor: TasksActor): void {
  if (!actor.rights.has('tasks.set_priority')) {
    throw forbidden('insufficient_scope', 'setting or changing the priority of a task needs the right tasks.set_priority', { required_right: 'tasks.set_priority' });
  }
}

/** The links a new task's body gives, ids trimmed and repeated ones dropped. */
function linksOf(input: TaskCreateInput): Links {
  return {
    assignee_id: input.assignee_id ?? null,
    assignee_ids: distinct(input.assignee_ids ?? []),
    watcher_ids: distinct(input.watcher_ids ?? []),
    project_id: input.project_id ?? null,
    deal_id: input.deal_id ?? null,
  };
}

/** The users who became executor or co-executor: the new executor, and co-executors not there before. */
function newlyAssigned(before: Pick<Links, 'assignee_id' | 'assignee_ids'> | undefined, after: Pick<Links, 'assignee_id' | 'assignee_ids'>): string[] {
  const out = new Set<string>();
  if (after.assignee_id !== null && after.assignee_id !== before?.assignee_id) out.add(after.assignee_id);
  for (const id of after.assignee_ids) if (!(before?.assignee_ids ?? []).includes(id)) out.add(id);
  return [...out];
}

async function emitAssigned(tx: Tx, actor: TasksActor, task: TaskRecord, assigned: string[]): Promise<void> {
  if (assigned.length === 0) return;
  await emit(tx, {
    orgId: actor.orgId,
    name: 'task.assigned',
    entityType: 'task',
    entityId: task.id,
    context: {
      version: task.version,
      title: task.title,
      assigneeId: task.assignee_id,
      assigneeIds: task.assignee_ids,
      assignedUserIds: assigned,
      actorUserId: actor.userId,
      endDate: task.end_date,
      endTime: task.end_time,
    },
    record: task,
  });
}

/** `asRight`: the steward right the actor changed it by in the executor's place, if so. */
async function emitStatusChanged(tx: Tx, actor: TasksActor, dictionary: StatusDictionary, task: TaskRecord, from: string, asRight: string | null = null): Promise<void> {
  await emit(tx, {
    orgId: actor.orgId,
    name: 'task.status_changed',
    entityType: 'task',
    entityId: task.id,
    context: { version: task.version, fromStatus: from, status: task.status, closedAs: closedAs(dictionary, task.status), actorUserId: actor.userId, asRight },
    record: task,
  });
}

/** The row of a new task, checked against the dictionary and (through `lookups`) the organization. */
async function newTaskRow(lookups: TaskLookups, dictionary: StatusDictionary, actor: TasksActor, input: TaskCreateInput, links: Links, options: CreateOptions) {
  const orgId = actor.orgId;
  if (input.priority !== undefined && input.priority !== DEFAULT_PRIORITY) requirePriorityRight(actor);
  const title = requiredText('title', input.title);
  const status = input.status === undefined ? dictionary.initial : knownStatus(dictionary, input.status);
  const createdBy = options.createdBy ?? actor.userId;
  await checkLinks(lookups, links, input, undefined, options.linkable);
  const dates = { start_date: input.start_date ?? null, end_date: input.end_date ?? null, end_time: input.end_time ?? null };
  checkDates(dates, timeZoneOf(actor.orgSettings), options.checkDeadline ?? true);
  const now = nowIso();
  const id = options.id ?? newId();
  return {
    org_id: orgId,
    id,
    version: 1,
    title,
    description: trimmedOrNull(input.description),
    status,
    priority: input.priority ?? DEFAULT_PRIORITY,
    ...links,
    assignee_ids: toJson(links.assignee_ids),
    watcher_ids: toJson(links.watcher_ids),
    ...dates,
    tags: toJson(distinct(input.tags ?? [])),
    created_by_user_id: createdBy,
    is_archived: options.isArchived ?? false,
    created_at: options.createdAt ?? now,
    updated_at: options.updatedAt ?? options.createdAt ?? now,
    steward_right: options.steward?.right ?? null,
    steward_scope: options.steward?.scope ?? null,
  } satisfies Insertable<TasksTable>;
}

/** What a new task raises when `announce`: task.created, then task.assigned for whoever it was given to. */
async function announceCreated(tx: Tx, actor: TasksActor, created: TaskRecord, options: CreateOptions): Promise<void> {
  if (!(options.announce ?? true)) return;
  await emit(tx, { orgId: actor.orgId, name: 'task.created', entityType: 'task', entityId: created.id, context: { version: created.version }, record: created });
  await emitAssigned(tx, actor, created, newlyAssigned(undefined, created));
}

export async function createTask(tx: Tx, actor: TasksActor, input: TaskCreateInput, options: CreateOptions = {}): Promise<TaskOut> {
  const dictionary = await statusDictionary(tx.db, actor.orgId);
  const row = await newTaskRow(storedLookups(tx.db, actor.orgId), dictionary, actor, input, linksOf(input), options);
  const created = await tasks.insert(tx.db, row);
  await replaceMembers(tx.db, actor.orgId, row.id, memberRows(actor.orgId, row.id, created));
  await announceCreated(tx, actor, created, options);
  return created;
}

/** A task of createTasks: its body, who creates it and how. */
export interface NewTask {
  actor: TasksActor;
  input: TaskCreateInput;
  options: CreateOptions;
}

/**
 * New tasks of one organization at once (an import): what createTask writes for each, the
 * dictionary read once, the users, projects and deals named read one statement a kind, the
 * tasks and their members by multi-row INSERT.
 */
export async function createTasks(tx: Tx, orgId: string, items: readonly NewTask[], linkable: LinkableUsers = 'active'): Promise<TaskOut[]> {
  const dictionary = await statusDictionary(tx.db, orgId);
  const links = items.map(({ input }) => linksOf(input));
  const lookups = await readLookups(tx.db, orgId, links, linkable);
  const rows = [];
  for (const [i, { actor, input, options }] of items.entries()) {
    if (actor.orgId !== orgId || (options.linkable ?? 'active') !== linkable) throw new Error('createTasks: every task of one organization and one kind of link');
    rows.push(await newTaskRow(lookups, dictionary, actor, input, links[i]!, options));
  }
  const created = await insertMany(tx.db, tasks, rows);
  await replaceMembersOfMany(tx.db, orgId, rows.map((r) => r.id), created.flatMap((record) => memberRows(orgId, record.id, record)));
  for (const [i, record] of created.entries()) await announceCreated(tx, items[i]!.actor, record, items[i]!.options);
  return created;
}

export async function updateTask(tx: Tx, actor: TasksActor, id: string, input: TaskPatchInput, expected: number | undefined): Promise<TaskOut> {
  const orgId = actor.orgId;
  await tasks.get(tx.db, orgId, id, (task) => canSee(actor, task));
  const steward = await stewardOf(tx.db, orgId, id);
  let dictionary: StatusDictionary | undefined;
  let asRight: string | null = null;
  const { record, before, changed } = await tasks.update(tx.db, orgId, id, expected, async (current) => {
    if (steward !== undefined) asRight = checkStewardedChange(actor, steward, current, input);
    if (input.priority !== undefined && input.priority !== current.priority) requirePriorityRight(actor);
    const changes: Updateable<TasksTable> = { updated_at: nowIso() };
    if (input.title !== undefined) {
      changes.title = requiredText('title', input.title);
    }
    if (input.description !== undefined) changes.description = trimmedOrNull(input.description);
    if (input.status !== undefined) {
      dictionary = await statusDictionary(tx.db, orgId);
      checkTransition(dictionary, current.status, input.status);
      changes.status = input.status;
    }
    if (input.priority !== undefined) changes.priority = input.priority;
    const links: Links = {
      assignee_id: input.assignee_id !== undefined ? input.assignee_id : current.assignee_id,
      assignee_ids: input.assignee_ids !== undefined ? distinct(input.assignee_ids) : current.assignee_ids,
      watcher_ids: input.watcher_ids !== undefined ? distinct(input.watcher_ids) : current.watcher_ids,
      project_id: input.project_id !== undefined ? input.project_id : current.project_id,
      deal_id: input.deal_id !== undefined ? input.deal_id : current.deal_id,
    };
    await checkLinks(storedLookups(tx.db, orgId), links, input, current);
    if (input.assignee_id !== undefined) changes.assignee_id = links.assignee_id;
    if (input.assignee_ids !== undefined) changes.assignee_ids = toJson(links.assignee_ids);
    if (input.watcher_ids !== undefined) changes.watcher_ids = toJson(links.watcher_ids);
    if (input.project_id !== undefined) changes.project_id = links.project_id;
    if (input.deal_id !== undefined) changes.deal_id = links.deal_id;
    const dates = {
      start_date: input.start_date !== undefined ? input.start_date : current.start_date,
      end_date: input.end_date !== undefined ? input.end_date : current.end_date,
      end_time: input.end_time !== undefined ? input.end_time : current.end_time,
    };
    // A deadline already past may stay as it is; setting one in the past is refused.
    const deadlineChanged = (input.end_date !== undefined && input.end_date !== current.end_date) || (input.end_time !== undefined && input.end_time !== current.end_time);
    checkDates(dates, timeZoneOf(actor.orgSettings), deadlineChanged);
    if (input.start_date !== undefined) changes.start_date = dates.start_date;
    if (input.end_date !== undefined) changes.end_date = dates.end_date;
    if (input.end_time !== undefined) changes.end_time = dates.end_time;
    if (input.tags !== undefined) changes.tags = toJson(distinct(input.tags));
    if (input.is_archived !== undefined) changes.is_archived = input.is_archived;
    return changes;
  });
  if (changed.some((f) => f === 'assignee_id' || f === 'assignee_ids' || f === 'watcher_ids')) {
    await replaceMembers(tx.db, orgId, id, memberRows(orgId, id, record));
  }
  if (changed.length > 0) await emit(tx, { orgId, name: 'task.updated', entityType: 'task', entityId: id, context: { version: record.version, changedFields: changed }, record });
  await emitAssigned(tx, actor, record, newlyAssigned(before, record));
  if (dictionary !== undefined && record.status !== before.status) await emitStatusChanged(tx, actor, dictionary, record, before.status, asRight);
  return record;
}

/**
 * Closes a task for another domain's workflow (a business process ended or an operator settled
 * its stage): the status that closes it as `outcome` (see closingStatus), whatever the
 * transitions allow, since no person moves it. A task already in a final status, or of a
 * dictionary without one, stays as it is. Raises task.status_changed when it changes.
 */
export async function closeTask(tx: Tx, actor: TasksActor, id: string, outcome: ClosedAs): Promise<TaskOut | undefined> {
  const dictionary = await statusDictionary(tx.db, actor.orgId);
  const target = closingStatus(dictionary, outcome);
  const seen = await tasks.find(tx.db, actor.orgId, id);
  if (seen === undefined || target === undefined || closedAs(dictionary, seen.status) !== null) return seen;
  const result = await tasks.update(tx.db, actor.orgId, id, undefined, () => ({ status: target, updated_at: nowIso() }));
  await emitStatusChanged(tx, actor, dictionary, result.record, seen.status);
  return result.record;
}

export async function getTask(db: Db, actor: TasksActor, id: string): Promise<TaskOut> {
  return tasks.get(db, actor.orgId, id, (task) => canSee(actor, task));
}

export function listTasks(db: Db, actor: TasksActor, query: TaskListInput): Promise<Page<TaskOut>> {
  return tasks.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    updatedSince: query.updated_since,
    where: {
      status: query.status,
      project_id: query.project_id,
      assignee_id: query.assignee_id,
      visible_to: seesAll(actor) ? undefined : actor.userId,
    },
  });
}

/** Whether the user sees a task of this id (archived ones too): other domains check links to tasks through this, so a task out of sight answers as one that does not exist. */
export async function taskVisible(db: Db, actor: Viewer, id: string): Promise<boolean> {
  const record = await tasks.find(db, actor.orgId, id);
  return record !== undefined && canSee(actor, record);
}
