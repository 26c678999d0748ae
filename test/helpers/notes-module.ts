/**
 * A small test-only domain ("notes") built on the kernel exactly as a real domain is, and the
 * worked example of docs/architecture.md: its table added to the database type, storage's
 * routine resource, routes declared with route(), named schemas from the shared primitives,
 * conditional reads, POST and PATCH through write() and expectedVersion. Kernel tests pass it to
 * buildApp({ modules: [notesModule] }) so they depend on no business domain.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { DomainModule } from '../../src/domains/module.ts';
import type { Actor } from '../../src/http/access.ts';
import { taggedByCollection, taggedByVersion } from '../../src/http/conditional.ts';
import { invalidField, notFound } from '../../src/http/errors.ts';
import { named } from '../../src/http/components.ts';
import { IncludeArchived, ListOf, PageQuery } from '../../src/http/pagination.ts';
import type { Page } from '../../src/http/pagination.ts';
import { route } from '../../src/http/route.ts';
import { DateTime, IdParam, Name, NullableText, Text } from '../../src/http/schemas.ts';
import { expectedVersion } from '../../src/http/versions.ts';
import { write } from '../../src/http/write.ts';
import { isoWithOffset, nowIso, readBool } from '../../src/storage/codecs.ts';
import type { DbBool, DbTimestamp } from '../../src/storage/codecs.ts';
import { newId } from '../../src/storage/ids.ts';
import { defineResource, fieldsOf } from '../../src/storage/resource.ts';
import type { Db } from '../../src/storage/statements.ts';
import type { Tx } from '../../src/storage/storage.ts';

interface NotesTable {
  org_id: string;
  id: string;
  title: string;
  body: string | null;
  version: number;
  is_archived: DbBool;
  created_at: DbTimestamp;
}

/** A domain adds its tables to the database type from its tables.ts; this test-only one does it here. */
declare module '../../src/storage/schema.ts' {
  interface Database {
    test_notes: NotesTable;
  }
}

const note = fieldsOf<'test_notes'>();
/** Storage's routine resource: list page, read by id, create with an id, optimistic update. */
const notes = defineResource({
  table: 'test_notes',
  noun: 'note',
  fields: {
    id: 'id',
    title: 'title',
    body: 'body',
    version: 'version',
    is_archived: note.via('is_archived', readBool),
    created_at: note.via('created_at', (value) => isoWithOffset(value)),
  },
  archivedColumn: 'is_archived',
  order: [['id', 'asc']],
});

const Note = named(
  'Note',
  Type.Object({
    id: Type.String(),
    title: Type.String(),
    body: Type.Union([Type.String(), Type.Null()]),
    version: Type.Integer(),
    is_archived: Type.Boolean(),
    created_at: DateTime(),
  }),
);
type Note = Static<typeof Note>;
const NoteList = ListOf(Note, 'NoteList');

const CreateNote = named(
  'NoteCreate',
  Type.Object(
    { title: Name(200), body: Type.Optional(Text({ maxLength: 10_000 })), is_archived: Type.Optional(Type.Boolean()) },
    { additionalProperties: false, examples: [{ title: 'Call the supplier', body: 'Ask about the March delivery.' }] },
  ),
);
const PatchNote = named(
  'NotePatch',
  Type.Object(
    { title: Type.Optional(Name(200)), body: Type.Optional(NullableText({ maxLength: 10_000 })) },
    { additionalProperties: false, minProperties: 1 },
  ),
);
const NotesQuery = Type.Object({ ...PageQuery, ...IncludeArchived });
const read = { scope: 'crm:read', capability: 'documents', mode: 'read' } as const;
const change = { scope: 'crm:write', right: 'crm.clients', capability: 'documents', mode: 'write' } as const;
const tags = ['notes'];

/**
 * Test control: while `post` is set, POST /notes with title "hold" waits for it inside its
 * transaction; `reached` is called when such a request has got there (a test waits for that
 * event instead of a fixed time).
 */
export const holds: { post?: Promise<void>; reached?: () => void } = {};

async function listNotes(db: Db, actor: Pick<Actor, 'orgId'>, q: { limit: number; offset: number; include_archived: boolean }): Promise<Page<Note>> {
  return notes.list(db, actor.orgId, { limit: q.limit, offset: q.offset, includeArchived: q.include_archived });
}

async function getNote(db: Db, actor: Pick<Actor, 'orgId'>, id: string): Promise<Note> {
  const found = await notes.find(db, actor.orgId, id);
  if (!found) throw notFound('note');
  return found;
}

async function createNote(tx: Tx, actor: Actor, body: Static<typeof CreateNote>): Promise<Note> {
  if (body.title === 'fail') throw invalidField('title', 'may not be "fail"');
  if (body.title === 'hold' && holds.post) {
    holds.reached?.();
    await holds.post;
  }
  return notes.insert(tx.db, { org_id: actor.orgId, id: newId(), title: body.title, body: body.body ?? null, version: 1, is_archived: body.is_archived ?? false, created_at: nowIso() });
}

async function updateNote(tx: Tx, actor: Actor, id: string, patch: Static<typeof PatchNote>, expected: number | undefined): Promise<Note> {
  const outcome = await notes.update(tx.db, actor.orgId, id, expected, () => ({
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.body !== undefined ? { body: patch.body } : {}),
  }));
  return outcome.record;
}

async function routes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;
  route(app, {
    method: 'GET', url: '/notes', operationId: 'listNotes', summary: 'List notes', tags, access: read,
    query: NotesQuery,
    conditional: taggedByCollection(notes),
    response: { status: 200, schema: NoteList, description: 'A page of notes.' },
  }, async (req) => listNotes(db(), req.actor, req.query));
  route(app, {
    method: 'GET', url: '/notes/:id', operationId: 'getNote', summary: 'Get a note', tags, access: read,
    params: IdParam,
    conditional: taggedByVersion(notes),
    response: { status: 200, schema: Note, description: 'The note.' },
  }, async (req) => getNote(db(), req.actor, req.params.id));
  route(app, {
    method: 'POST', url: '/notes', operationId: 'createNote', summary: 'Create a note', tags, access: change,
    body: CreateNote,
    response: { status: 201, schema: Note, description: 'The note created.' },
  }, async (req, reply) => write(req, reply, 201, (tx) => createNote(tx, req.actor, req.body)));
  route(app, {
    method: 'PATCH', url: '/notes/:id', operationId: 'updateNote', summary: 'Change a note', tags, access: change,
    params: IdParam, body: PatchNote,
    response: { status: 200, schema: Note, description: 'The note at its new version.' },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => updateNote(tx, req.actor, req.params.id, req.body, expected));
  });
  route(app, {
    method: 'GET', url: '/boom', operationId: 'boom', summary: 'Always fails (tests the 500 answer)', tags, access: { scope: 'any', capability: 'metrics', mode: 'read' },
    conditional: false,
    response: { status: 200, schema: Type.Object({}), description: 'Never answered.' },
  }, async () => {
    throw new Error('select * from secret_table where password = 1 -- driver exploded');
  });
}

export const notesModule: DomainModule = {
  name: 'notes',
  migrations: [
    {
      name: '9000_test_notes',
      statements: (t) => [
        `CREATE TABLE test_notes (
          org_id TEXT NOT NULL,
          id TEXT NOT NULL,
          title TEXT NOT NULL,
          body TEXT,
          version INTEGER NOT NULL,
          is_archived ${t.bool} NOT NULL,
          created_at ${t.timestamp} NOT NULL,
          PRIMARY KEY (org_id, id)
        )`,
      ],
    },
  ],
  routes,
};
