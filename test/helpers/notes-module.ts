/**
 * A small test-only domain ("notes") built on the kernel exactly as a real domain is: routes
 * declared with route(), named schemas from the shared primitives, a list with PageQuery, one
 * with withETag, POST and PATCH through write() and expectedVersion. Kernel tests pass it to
 * buildApp({ modules: [notesModule] }) so they depend on no business domain.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DomainModule } from '../../src/domains/module.ts';
import type { Actor } from '../../src/http/access.ts';
import { invalidField, notFound, staleVersion } from '../../src/http/errors.ts';
import { named } from '../../src/http/components.ts';
import { IncludeArchived, ListOf, PageQuery } from '../../src/http/pagination.ts';
import type { Page } from '../../src/http/pagination.ts';
import { route } from '../../src/http/route.ts';
import { DateTime, IdParam, Name, NullableText, Text } from '../../src/http/schemas.ts';
import { etagOf, expectedVersion, withETag } from '../../src/http/versions.ts';
import { write } from '../../src/http/write.ts';
import { isoWithOffset, nowIso, readBool } from '../../src/storage/codecs.ts';
import type { DbBool, DbTimestamp } from '../../src/storage/codecs.ts';
import { newId } from '../../src/storage/ids.ts';

interface NotesTable {
  org_id: string;
  id: string;
  title: string;
  body: string | null;
  version: number;
  is_archived: DbBool;
  created_at: DbTimestamp;
}
/** Transactions are Kyselys too; the test table is not part of the platform's typed schema. */
type NotesDb = Kysely<{ test_notes: NotesTable }>;
const notesDb = (db: unknown): NotesDb => db as NotesDb;

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

/** Test control: while set, POST /notes with title "hold" waits for it inside its transaction. */
export const holds: { post?: Promise<void> } = {};

function toNote(row: { id: string; title: string; body: string | null; version: number; is_archived: boolean | number; created_at: string }): Note {
  return { id: row.id, title: row.title, body: row.body, version: row.version, is_archived: readBool(row.is_archived), created_at: isoWithOffset(row.created_at) };
}

async function findNote(db: NotesDb, orgId: string, id: string): Promise<Note | undefined> {
  const row = await db.selectFrom('test_notes').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return row && toNote(row);
}

async function listNotes(db: NotesDb, orgId: string, q: { limit: number; offset: number; include_archived: boolean }): Promise<Page<Note>> {
  let base = db.selectFrom('test_notes').where('org_id', '=', orgId);
  if (!q.include_archived) base = base.where('is_archived', '=', false);
  const rows = await base.selectAll().orderBy('id').limit(q.limit).offset(q.offset).execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items: rows.map(toNote), total: Number(n), limit: q.limit, offset: q.offset };
}

async function createNote(tx: { db: unknown }, actor: Actor, body: Static<typeof CreateNote>): Promise<Note> {
  if (body.title === 'fail') throw invalidField('title', 'may not be "fail"');
  if (body.title === 'hold' && holds.post) await holds.post;
  const db = notesDb(tx.db);
  const id = newId();
  await db
    .insertInto('test_notes')
    .values({ org_id: actor.orgId, id, title: body.title, body: body.body ?? null, version: 1, is_archived: body.is_archived ?? false, created_at: nowIso() })
    .execute();
  return (await findNote(db, actor.orgId, id))!;
}

async function patchNote(tx: { db: unknown }, actor: Actor, id: string, patch: Static<typeof PatchNote>, expected: number | undefined): Promise<Note> {
  const db = notesDb(tx.db);
  const current = await findNote(db, actor.orgId, id);
  if (!current) throw notFound('note');
  const version = expected ?? current.version;
  const result = await db
    .updateTable('test_notes')
    .set({ ...(patch.title !== undefined ? { title: patch.title } : {}), ...(patch.body !== undefined ? { body: patch.body } : {}), version: version + 1 })
    .where('org_id', '=', actor.orgId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw staleVersion(version);
  return (await findNote(db, actor.orgId, id))!;
}

async function routes(app: FastifyInstance): Promise<void> {
  const db = () => notesDb(app.storage.db);
  route(app, {
    method: 'GET', url: '/notes', operationId: 'listNotes', summary: 'List notes', tags, access: read,
    query: NotesQuery,
    response: { status: 200, schema: NoteList, description: 'A page of notes.' },
  }, async (req) => listNotes(db(), req.actor.orgId, req.query));
  route(app, {
    method: 'GET', url: '/notes/:id', operationId: 'getNote', summary: 'Get a note', tags, access: read,
    params: IdParam,
    response: { status: 200, schema: Note, description: 'The note.' },
  }, async (req, reply) => {
    const note = await findNote(db(), req.actor.orgId, req.params.id);
    if (!note) throw notFound('note');
    return withETag(req, reply, note);
  });
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
    return write(req, reply, 200, async (tx) => {
      const note = await patchNote(tx, req.actor, req.params.id, req.body, expected);
      reply.header('etag', etagOf(note.version));
      return note;
    });
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
