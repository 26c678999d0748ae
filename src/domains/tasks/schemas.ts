import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { ListOf, PageQuery, UpdatedSince } from '../../http/pagination.ts';
import { DateOnly, DateTime, EnumText, Name, Nullable, NullableText, RefId, StringEnum, Text, Uuid } from '../../http/schemas.ts';

/** Priorities are a fixed set (the spec does not show one): ordered from least to most pressing. */
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'normal';

const UserIds = (description: string) => Type.Array(RefId({ description: 'a user id of the organization' }), { maxItems: 100, description });
const Time = (description: string) => Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description, examples: ['18:00'] });

// ---- tasks ----
const taskFields = {
  title: Name(500),
  description: NullableText({ maxLength: 20_000 }),
  status: Name(100, { description: 'an exact status name of the organization\'s dictionary; by default its initial status' }),
  priority: StringEnum(PRIORITIES, { description: `one of ${PRIORITIES.join(', ')}; ${DEFAULT_PRIORITY} by default; setting or changing it needs the right tasks.set_priority` }),
  assignee_id: Nullable(RefId({ description: 'the executor: a user id of the organization' })),
  assignee_ids: UserIds('co-executors'),
  project_id: Nullable(RefId({ description: 'a project of the organization' })),
  start_date: Nullable(DateOnly()),
  end_date: Nullable(DateOnly({ description: 'the deadline date; with end_time (or the end of that day) in the organization\'s time zone it must not be past' })),
  end_time: Nullable(Time('the deadline time (HH:MM); needs end_date')),
  deal_id: Nullable(RefId({ description: 'a deal of the organization' })),
  tags: Type.Array(Text({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'free labels' }),
  watcher_ids: UserIds('observers'),
};
const taskExample = {
  title: 'Call Northwind about the spring order',
  description: 'Confirm quantities and the delivery date.',
  priority: 'high',
  assignee_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70',
  end_date: '2030-03-15',
  end_time: '18:00',
  tags: ['sales'],
};
const { title: _title, ...taskOptional } = taskFields;

export const TaskCreate = named(
  'TaskCreate',
  Type.Object({ title: taskFields.title, ...Type.Partial(Type.Object(taskOptional)).properties }, { additionalProperties: false, examples: [taskExample] }),
);
export const TaskPatch = named(
  'TaskPatch',
  Type.Partial(
    Type.Object({ ...taskFields, is_archived: Type.Boolean({ description: 'true archives the task: it is listed no more; false restores it' }) }),
    { additionalProperties: false, minProperties: 1, examples: [{ status: 'In progress', end_date: '2030-03-20' }] },
  ),
);
export type TaskCreateInput = Static<typeof TaskCreate>;
export type TaskPatchInput = Static<typeof TaskPatch>;

/** An import record: a created task plus what an export carries (id, author, archive flag, times). */
export const TaskImport = Type.Object(
  {
    ...TaskCreate.properties,
    id: Type.Optional(Uuid({ description: 'kept' })),
    created_by_user_id: Type.Optional(RefId()),
    is_archived: Type.Optional(Type.Boolean()),
    created_at: Type.Optional(DateTime()),
    updated_at: Type.Optional(DateTime()),
  },
  { additionalProperties: false },
);
export type TaskImportInput = Static<typeof TaskImport>;

export const Task = named('Task', Type.Object({
  id: Uuid(),
  version: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String(),
  priority: EnumText(PRIORITIES),
  assignee_id: Nullable(Type.String()),
  assignee_ids: Type.Array(Type.String()),
  project_id: Nullable(Type.String()),
  start_date: Nullable(DateOnly()),
  end_date: Nullable(DateOnly()),
  end_time: Nullable(Type.String()),
  deal_id: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  watcher_ids: Type.Array(Type.String()),
  created_by_user_id: Type.String(),
  is_archived: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
}, {
  description: 'A task. Archived tasks are never listed; they are read by id.',
  examples: [{
    id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f', version: 1, ...taskExample, status: 'New', assignee_ids: [], project_id: null, start_date: null, deal_id: null,
    watcher_ids: [], created_by_user_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71', is_archived: false,
    created_at: '2026-03-01T09:30:00.000+00:00', updated_at: '2026-03-01T09:30:00.000+00:00',
  }],
}));
export type TaskOut = Static<typeof Task>;
export const TaskList = ListOf(Task, 'TaskList');

export const TaskListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(Text({ maxLength: 100, description: 'exact status name' })),
    assignee_id: Type.Optional(Text({ maxLength: 200, description: 'tasks whose executor or co-executor is this user' })),
    project_id: Type.Optional(Text({ maxLength: 200 })),
    ...UpdatedSince,
  },
  { additionalProperties: false },
);
export type TaskListInput = Static<typeof TaskListQuery>;

// ---- projects ----
export const Project = named('Project', Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Nullable(Type.String()),
  color: Nullable(Type.String()),
}, { description: 'A project tasks belong to (read only).', examples: [{ id: 'prj-website', name: 'Website relaunch', icon: 'globe', color: '#3366ff' }] }));
export const ProjectList = ListOf(Project, 'ProjectList');
export const ProjectListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type ProjectListInput = Static<typeof ProjectListQuery>;

export const ProjectImport = Type.Object(
  {
    id: Type.Optional(RefId({ description: 'kept; generated when absent' })),
    name: Name(300),
    icon: Type.Optional(NullableText({ maxLength: 100 })),
    color: Type.Optional(NullableText({ maxLength: 50 })),
    is_archived: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ProjectImportInput = Static<typeof ProjectImport>;

// ---- the status dictionary (import only) ----
export const TaskStatusImport = Type.Object(
  {
    name: Name(100),
    order: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    initial: Type.Optional(Type.Boolean()),
    final: Type.Optional(Type.Boolean()),
    next: Type.Array(Name(100), { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type TaskStatusImportInput = Static<typeof TaskStatusImport>;
