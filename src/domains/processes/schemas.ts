/** Bodies, queries and answers of the business-process endpoints, and the processTemplates import record. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { ListOf, PageQuery } from '../../http/pagination.ts';
import { DateTime, EnumText, Name, Nullable, NullableText, RefId, StringEnum, Text } from '../../http/schemas.ts';
import { INITIATOR, STAGE_TYPES } from './graph.ts';

const PROCESS_STATUSES = ['running', 'completed', 'cancelled', 'failed'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];
const ENTITY_TYPES = ['deal', 'client', 'task'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
/** A stage instance is active until it completes (decided, for an approval) or is cancelled because its process ended. */
const STAGE_STATUSES = ['active', 'completed', 'cancelled'] as const;
const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

// ---- templates ----
export const ProcessTemplate = named('ProcessTemplate', Type.Object({
  id: Type.String(),
  title: Type.String(),
  trigger_entity: Nullable(Type.String()),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
}, {
  description: 'A published process template (read only).',
  examples: [{ id: 'deal-approval', title: 'Large deal approval', trigger_entity: 'deal', category: 'sales', description: 'Check, approve, then prepare the contract.' }],
}));
export const ProcessTemplateList = ListOf(ProcessTemplate, 'ProcessTemplateList');
export const ProcessTemplateListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type ProcessTemplateListInput = Static<typeof ProcessTemplateListQuery>;

const StageIds = (description: string) => Type.Array(RefId({ description: 'a stage id of the same template' }), { maxItems: 50, description });

const TemplateStageImport = Type.Object(
  {
    id: RefId({ description: 'unique within the template' }),
    title: Name(300),
    stage_type: StringEnum(STAGE_TYPES, { description: 'task: work handed to the executor as a task; approval: decided approve or reject by the executor; end: reaching it completes the process' }),
    start: Type.Optional(Type.Boolean({ description: 'the stage a process starts at; at most one per template' })),
    next: Type.Optional(StageIds('stages activated when this one completes (or is approved); several run in parallel')),
    reject_next: Type.Optional(StageIds('approval stages only: stages activated when it is rejected; without them a rejection fails the process')),
    executor: Type.Optional(RefId({ description: `a user id of the organization, or "${INITIATOR}" (the default): the person who started the process` })),
  },
  { additionalProperties: false },
);
export const ProcessTemplateImport = Type.Object(
  {
    id: Type.Optional(RefId({ description: 'kept; generated when absent' })),
    title: Name(500),
    trigger_entity: Type.Optional(Nullable(StringEnum(ENTITY_TYPES))),
    category: Type.Optional(NullableText({ maxLength: 200 })),
    description: Type.Optional(NullableText({ maxLength: 5000 })),
    published: Type.Optional(Type.Boolean({ description: 'only published templates are listed and can start processes; default false' })),
    stages: Type.Array(TemplateStageImport, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type ProcessTemplateImportInput = Static<typeof ProcessTemplateImport>;

// ---- processes ----
const processExample = {
  id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f',
  template_id: 'deal-approval',
  status: 'running',
  current_stage_ids: ['0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e80'],
  started_at: '2026-03-01T09:30:00.000+00:00',
};

const Variables = (description: string) => Type.Object({}, { additionalProperties: true, maxProperties: 200, description });

export const ProcessCreate = named('ProcessCreate', Type.Object(
  {
    template_id: RefId({ description: 'a published template of the organization' }),
    entity_type: Type.Optional(StringEnum(ENTITY_TYPES, { description: 'what the process is about; with entity_id' })),
    entity_id: Type.Optional(RefId({ description: 'an existing deal, client or task of the organization, as entity_type says' })),
    variables: Type.Optional(Variables('any values the process carries')),
    initial_variables: Type.Optional(Variables('another name for variables; give one of the two')),
  },
  { additionalProperties: false, examples: [{ template_id: 'deal-approval', entity_type: 'deal', entity_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70', variables: { amount: 120000 } }] },
));
export type ProcessCreateInput = Static<typeof ProcessCreate>;

export const ProcessStarted = named('ProcessStarted', Type.Object({
  id: Type.String(),
  template_id: Type.String(),
  status: EnumText(PROCESS_STATUSES),
  current_stage_ids: Type.Array(Type.String(), { description: 'ids of the active stage instances' }),
  started_at: DateTime(),
}, { description: 'A process just started.', examples: [processExample] }));
export type ProcessStartedOut = Static<typeof ProcessStarted>;

const processFields = {
  id: Type.String(),
  template_id: Type.String(),
  template_title: Type.String(),
  status: EnumText(PROCESS_STATUSES),
  entity_type: Nullable(EnumText(ENTITY_TYPES)),
  entity_id: Nullable(Type.String()),
  initiated_by_id: Type.String(),
  current_stage_ids: Type.Array(Type.String(), { description: 'ids of the active stage instances' }),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'share of the template\'s stages finished; 100 once completed' }),
  started_at: DateTime(),
  completed_at: Nullable(DateTime(), { description: 'when the process completed, failed or was cancelled' }),
};
const fullExample = {
  ...processExample, template_title: 'Large deal approval', entity_type: 'deal', entity_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70',
  initiated_by_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71', progress: 33, completed_at: null,
};

export const StageInstance = named('StageInstance', Type.Object({
  id: Type.String(),
  stage_title: Type.String(),
  stage_type: EnumText(STAGE_TYPES),
  status: EnumText(STAGE_STATUSES),
  decision: Nullable(EnumText(DECISIONS), { description: 'approval stages: approved or rejected once decided' }),
  assignee_id: Nullable(Type.String(), { description: 'the stage executor (null for an end stage)' }),
  task_id: Nullable(Type.String(), {
    description: 'beyond the spec: the task the stage became (GET /tasks/{id}, for those who see it); closing it completes or decides the stage. null for an end stage',
  }),
  activated_at: DateTime(),
  completed_at: Nullable(DateTime(), { description: 'when it completed or was cancelled' }),
}, { description: 'A stage of a process, once activated.' }));
export type StageInstanceOut = Static<typeof StageInstance>;

export const ProcessSummary = named('ProcessSummary', Type.Object(processFields, { description: 'A process instance as lists show it.', examples: [fullExample] }));
export const Process = named('Process', Type.Object({ ...processFields, stage_instances: Type.Array(StageInstance, { description: 'in activation order' }) }, {
  description: 'A process instance with its stages.',
}));
export const ProcessList = ListOf(ProcessSummary, 'ProcessList');
export const ProcessListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(StringEnum(PROCESS_STATUSES)),
    template_id: Type.Optional(Text({ maxLength: 200 })),
    entity_type: Type.Optional(StringEnum(ENTITY_TYPES)),
    entity_id: Type.Optional(Text({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ProcessListInput = Static<typeof ProcessListQuery>;
