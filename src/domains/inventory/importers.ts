/**
 * Import of products, warehouses and movements. Records carry the API's output field names;
 * movements go through the same ledger function as POST /movements (balances are never imported).
 */
import { Type } from '@sinclair/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { asAppError, invalidField, invalidFields, validationError } from '../../http/errors.ts';
import { DecimalInput, Name, NullableText, RefId, StringEnum, Text } from '../../http/schemas.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { memberUserIds } from '../../platform/members.ts';
import { settleWritesAhead } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ImportContext, Importer } from '../module.ts';
import { allowsNegativeStock } from './movement-rule.ts';
import { postMovement, postMovementsTogether } from './movements.ts';
import type { LedgerActor } from './actor.ts';
import { prepareMovement } from './movement-rule.ts';
import type { NewMovement } from './movement-rule.ts';
import { writeInChunks } from '../importing.ts';
import { takenLineIds } from './stock.queries.ts';
import { createProduct } from './products.ts';
import { ITEM_TYPES, MOVEMENT_KINDS, MovementLineInput } from './schemas.ts';
import { createWarehouse } from './warehouses.ts';

const Id = RefId();
const OptText = (maxLength: number) => Type.Optional(NullableText({ maxLength }));
const Decimal = DecimalInput();

const WarehouseRecord = Type.Object(
  {
    id: Type.Optional(Id),
    name: Name(300),
    code: OptText(100),
    city: OptText(200),
    address_line: OptText(500),
    isDefault: Type.Optional(Type.Boolean()),
    isArchived: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const ProductRecord = Type.Object(
  {
    id: Type.Optional(Id),
    sku: OptText(100),
    name: Name(300),
    unit: OptText(50),
    item_type: Type.Optional(StringEnum(ITEM_TYPES)),
    category_id: OptText(200),
    cost_per_unit: Type.Optional(Type.Number({ minimum: 0 })),
    price: Type.Optional(Type.Number({ minimum: 0 })),
    barcode: OptText(100),
    manufacturer: OptText(300),
    minStockLevel: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
    maxStockLevel: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
    isArchived: Type.Optional(Type.Boolean()),
    version: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);

const MovementRecord = Type.Object(
  {
    id: Type.Optional(Id),
    kind: StringEnum(MOVEMENT_KINDS),
    date: Type.Optional(Text({ maxLength: 40 })),
    warehouse_id: Type.Optional(Id),
    from_warehouse_id: Type.Optional(Type.Union([Id, Type.Null()])),
    to_warehouse_id: Type.Optional(Type.Union([Id, Type.Null()])),
    reason: OptText(2000),
    notes: OptText(2000),
    reference_type: OptText(100),
    reference_id: OptText(200),
    created_by_user_id: Type.Optional(Id),
    lines: Type.Array(
      Type.Object(
        { ...MovementLineInput.properties, id: Type.Optional(Id), cost_per_unit: Type.Optional(Decimal), cost_currency: Type.Optional(Text({ maxLength: 3 })) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);

function problemsOf(schema: TObject, record: unknown): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const e of Value.Errors(schema, record)) {
    const field = e.path.split('/').filter(Boolean).join('.') || 'record';
    if (!problems.some((p) => p.field === field)) problems.push({ field, message: e.message });
  }
  return problems;
}

/** The first schema problem of the record at `at`, thrown as `<collection>[i].<field>`. */
function checked<S extends TObject>(schema: S, record: unknown, at: string): Static<S> {
  const problems = problemsOf(schema, record);
  if (problems.length > 0) throw invalidFields(problems.map((p) => ({ field: `${at}.${p.field}`, message: p.message })));
  return record as Static<S>;
}

/** Runs one record's write; any problem is reported as `<collection>[i].<field>` and rejects the whole file. */
async function writeOne(tx: Tx, at: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
    // Its writes sent ahead fail here, as this record's (see importing.ts's writeRecord).
    await settleWritesAhead(tx.db);
  } catch (caught) {
    const error = asAppError(caught);
    if (!error) throw caught;
    const given = Array.isArray(error.details.fields) ? (error.details.fields as FieldProblem[]) : [];
    const fields = given.map((f) => ({ field: `${at}.${f.field}`, message: f.message }));
    throw validationError(`${at}: ${error.message}`, fields.length ? fields : [{ field: at, message: error.message }]);
  }
}

async function eachRecord<S extends TObject>(
  tx: Tx,
  collection: string,
  schema: S,
  records: unknown[],
  write: (record: Static<S>, index: number) => Promise<void>,
): Promise<number> {
  for (const [index, record] of records.entries()) {
    const at = `${collection}[${index}]`;
    const valid = checked(schema, record, at);
    await writeOne(tx, at, () => write(valid, index));
  }
  return records.length;
}

const warehouses: Importer = {
  collection: 'warehouses',
  importRecords: (tx, ctx, records) => eachRecord(tx, 'warehouses', WarehouseRecord, records, async (r) => void (await createWarehouse(tx, { orgId: ctx.org.id }, r))),
};

const products: Importer = {
  collection: 'products',
  importRecords: (tx, ctx, records) =>
    eachRecord(tx, 'products', ProductRecord, records, async (r) => {
      const { version: _ignored, ...fields } = r;
      await createProduct(tx, { orgId: ctx.org.id }, fields);
    }),
};

type MovementRecord = Static<typeof MovementRecord>;

/** The warehouse POST /movements would have been given: the source, or the destination of in and adjustment. */
function sourceWarehouse(r: MovementRecord): string | undefined {
  if (r.warehouse_id !== undefined) return r.warehouse_id;
  const origin = r.kind === 'in' || r.kind === 'adjustment' ? r.to_warehouse_id : r.from_warehouse_id;
  return origin ?? undefined;
}

/** The movement POST /movements would have been given for the record, and its author if it names one. */
function movementInput(r: MovementRecord): { author: string | undefined; input: NewMovement } {
  const warehouseId = sourceWarehouse(r);
  if (warehouseId === undefined) throw validationError('warehouse_id: is required', [{ field: 'warehouse_id', message: 'is required (or from_warehouse_id / to_warehouse_id as the API lists them)' }]);
  const input: NewMovement = {
    id: r.id,
    date: r.date,
    kind: r.kind,
    warehouse_id: warehouseId,
    ...(r.kind === 'transfer' ? { to_warehouse_id: r.to_warehouse_id ?? null } : {}),
    lines: r.lines.map(({ id: _id, cost_currency: _currency, ...line }) => line),
    lineIds: r.lines.map((line) => line.id),
    notes: r.notes ?? r.reason ?? null,
    reference_type: r.reference_type ?? null,
    reference_id: r.reference_id ?? null,
  };
  return { author: r.created_by_user_id, input };
}

function ledgerActor(ctx: ImportContext, author: string | undefined): LedgerActor {
  return { orgId: ctx.org.id, currency: ctx.org.currency, userId: author ?? ctx.actingUserId, allowNegativeStock: allowsNegativeStock(ctx.org.settings) };
}

async function importMovement(tx: Tx, ctx: ImportContext, r: MovementRecord): Promise<void> {
  const { author, input } = movementInput(r);
  if (author !== undefined && !(await memberUserIds(tx.db, ctx.org.id, [author])).has(author)) {
    throw invalidField('created_by_user_id', 'is not a user of this organization');
  }
  const lineIds = input.lineIds ?? [];
  const given = lineIds.filter((id): id is string => id !== undefined);
  const taken = await takenLineIds(tx.db, ctx.org.id, given);
  const clash = lineIds.findIndex((id, i) => id !== undefined && (taken.has(id) || lineIds.indexOf(id) !== i));
  if (clash >= 0) throw validationError(`lines.${clash}.id: is already a movement line id`, [{ field: `lines.${clash}.id`, message: 'is already a movement line id of this organization or of this movement' }]);
  await postMovement(tx, ledgerActor(ctx, author), input);
}

/**
 * Several movements through the ledger's shared statements (as POST /movements shares them
 * between requests), grouped as it groups them. Throws on anything one of them could not pass
 * alone (an author who is not a member, a line id taken, a shortage): the records are then
 * posted one by one, which names the first that fails (see writeInChunks).
 */
async function importMovements(tx: Tx, ctx: ImportContext, records: MovementRecord[]): Promise<void> {
  const inputs = records.map(movementInput);
  const authors = [...new Set(inputs.flatMap((m) => (m.author === undefined ? [] : [m.author])))];
  const members = await memberUserIds(tx.db, ctx.org.id, authors);
  if (authors.some((a) => !members.has(a))) throw new Error('an author is not a user of this organization');
  const lineIds = inputs.flatMap((m) => (m.input.lineIds ?? []).filter((id): id is string => id !== undefined));
  if (new Set(lineIds).size !== lineIds.length || (await takenLineIds(tx.db, ctx.org.id, lineIds)).size > 0) throw new Error('a line id is taken');
  await postMovementsTogether(tx, inputs.map(({ author, input }) => prepareMovement(ledgerActor(ctx, author), input)));
}

const movements: Importer = {
  collection: 'movements',
  async importRecords(tx, ctx, records) {
    const valid = records.map((r, i) => checked(MovementRecord, r, `movements[${i}]`));
    const one = (r: MovementRecord, index: number) => writeOne(tx, `movements[${index}]`, () => importMovement(tx, ctx, r));
    await writeInChunks(tx, valid, (nested, chunk) => importMovements(nested, ctx, chunk), one, (done) => ctx.progress?.('movements', done, valid.length));
    return records.length;
  },
};

/** Warehouses and products before the movements that refer to them. */
export const inventoryImporters: Importer[] = [warehouses, products, movements];
