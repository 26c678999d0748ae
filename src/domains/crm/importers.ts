/**
 * The import collections funnels, clients, contacts and deals: each record passes the API's
 * body schema and the same use case as POST; a problem names `<collection>[<index>].<field>`.
 */
import type { TSchema } from '@sinclair/typebox';
import { asAppError, validationError } from '../../http/errors.ts';
import type { AppError } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { bodyValidator } from '../../http/validation.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ImportContext, Importer } from '../module.ts';
import { createClient } from './clients.ts';
import { createContact } from './contacts.ts';
import { createDeal } from './deals.ts';
import { createFunnel } from './funnels.ts';
import type { CrmActor } from './normalize.ts';
import { ClientCreate, ContactCreate, DealCreate, FunnelImport } from './schemas.ts';

/** Output-only fields an exported record carries; derived again on import. */
const OUTPUT_ONLY = ['version', 'created_at', 'updated_at', 'channels'];

function actorOf(ctx: ImportContext): CrmActor {
  return { orgId: ctx.org.id, userId: ctx.actingUserId, orgCurrency: ctx.org.currency, orgSettings: ctx.org.settings };
}

function withoutOutputFields(record: unknown): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const key of OUTPUT_ONLY) delete copy[key];
  return copy;
}

function located(collection: string, index: number, problems: FieldProblem[]): AppError {
  const where = `${collection}[${index}]`;
  const fields = problems.map((p) => ({ field: p.field === 'body' || p.field === '' ? where : `${where}.${p.field}`, message: p.message }));
  return validationError(fields.map((f) => `${f.field} ${f.message}`).join('; '), fields);
}

function importer<T>(collection: string, schema: TSchema, create: (tx: Tx, actor: CrmActor, record: T) => Promise<unknown>, stripOutput = true): Importer {
  const validate = bodyValidator(schema);
  return {
    collection,
    async importRecords(tx, ctx, records) {
      const actor = actorOf(ctx);
      for (const [index, raw] of records.entries()) {
        const record = stripOutput ? withoutOutputFields(raw) : raw;
        const problems = validate(record);
        if (problems.length > 0) throw located(collection, index, problems);
        try {
          await create(tx, actor, record as T);
        } catch (caught) {
          const error = asAppError(caught);
          if (!error) throw caught;
          const fields = error.details.fields as FieldProblem[] | undefined;
          const field = error.code === 'duplicate_id' ? 'id' : 'body';
          throw located(collection, index, fields && fields.length > 0 ? fields : [{ field, message: error.message }]);
        }
      }
      return records.length;
    },
  };
}

export const crmImporters: Importer[] = [
  importer('funnels', FunnelImport, (tx, actor, record: Parameters<typeof createFunnel>[2]) => createFunnel(tx, actor.orgId, record), false),
  importer('clients', ClientCreate, createClient),
  importer('contacts', ContactCreate, createContact),
  importer('deals', DealCreate, createDeal),
];
