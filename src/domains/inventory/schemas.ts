import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { IncludeArchived, PageQuery } from '../../http/pagination.ts';

export const ITEM_TYPES = ['product', 'service', 'material', 'finished_good'] as const;
export const MOVEMENT_KINDS = ['in', 'out', 'transfer', 'adjustment'] as const;
export const LISTED_MOVEMENT_KINDS = [...MOVEMENT_KINDS, 'produce', 'consume'] as const;

const Text = (max: number) => Type.String({ maxLength: max });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Amount = Type.Number({ minimum: 0, description: 'at most two fraction digits' });
const Level = Type.Number({ minimum: 0, description: 'at most three fraction digits' });

const productFields = {
  sku: Nullable(Text(100)),
  unit: Nullable(Text(50)),
  item_type: Type.Union(ITEM_TYPES.map((t) => Type.Literal(t))),
  category_id: Nullable(Text(200)),
  cost_per_unit: Amount,
  price: Amount,
  barcode: Nullable(Text(100)),
  manufacturer: Nullable(Text(300)),
  minStockLevel: Nullable(Level),
  maxStockLevel: Nullable(Level),
};

export const ProductCreateBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 300 }), ...Type.Partial(Type.Object(productFields)).properties },
  { additionalProperties: false },
);
export type ProductCreateBody = Static<typeof ProductCreateBody>;

export const ProductPatchBody = Type.Partial(
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 300 }), ...productFields, isArchived: Type.Boolean() }),
  { additionalProperties: false, minProperties: 1 },
);
export type ProductPatchBody = Static<typeof ProductPatchBody>;

export const Product = Type.Object({
  id: Type.String(),
  sku: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  unit: Type.Union([Type.String(), Type.Null()]),
  item_type: Type.String(),
  category_id: Type.Union([Type.String(), Type.Null()]),
  cost_per_unit: Type.Number(),
  price: Type.Number(),
  barcode: Type.Union([Type.String(), Type.Null()]),
  manufacturer: Type.Union([Type.String(), Type.Null()]),
  minStockLevel: Type.Union([Type.Number(), Type.Null()]),
  maxStockLevel: Type.Union([Type.Number(), Type.Null()]),
  isArchived: Type.Boolean(),
  version: Type.Integer(),
});
export type Product = Static<typeof Product>;

export const ProductListQuery = Type.Object({ ...PageQuery, ...IncludeArchived, search: Type.Optional(Type.String({ maxLength: 200 })) });
export type ProductListQuery = Static<typeof ProductListQuery>;

export const Warehouse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  address_line: Type.Union([Type.String(), Type.Null()]),
  isDefault: Type.Boolean(),
  isArchived: Type.Boolean(),
});
export type Warehouse = Static<typeof Warehouse>;

export const WarehouseListQuery = Type.Object({ ...PageQuery, ...IncludeArchived });
export type WarehouseListQuery = Static<typeof WarehouseListQuery>;

export const StockBalance = Type.Object({
  id: Type.String(),
  warehouseId: Type.String(),
  itemId: Type.String(),
  onHand: Type.Number(),
  reserved: Type.Number(),
  available: Type.Number(),
  lastMovementAt: Type.Union([Type.String(), Type.Null()], { description: 'timestamp without offset (UTC)' }),
  version: Type.Integer(),
});
export type StockBalance = Static<typeof StockBalance>;

export const StockQuery = Type.Object({
  ...PageQuery,
  warehouse_id: Type.Optional(Type.String({ maxLength: 200 })),
  item_id: Type.Optional(Type.String({ maxLength: 200 })),
});
export type StockQuery = Static<typeof StockQuery>;

/** A decimal as a JSON number or a string ("2.5"): quantities and costs are exact, never rounded. */
const Decimal = Type.Union([Type.Number(), Type.String({ maxLength: 40 })]);

export const MovementLineInput = Type.Object(
  {
    item_id: Type.String({ minLength: 1, maxLength: 200 }),
    qty: Decimal,
    cost_per_unit: Type.Optional(Decimal),
    batch_id: Type.Optional(Nullable(Text(200))),
    serial_numbers: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10_000 }), Type.Null()])),
    notes: Type.Optional(Nullable(Text(2000))),
  },
  { additionalProperties: false },
);
export type MovementLineInput = Static<typeof MovementLineInput>;

export const MovementCreateBody = Type.Object(
  {
    kind: Type.Union(MOVEMENT_KINDS.map((k) => Type.Literal(k))),
    warehouse_id: Type.String({ minLength: 1, maxLength: 200 }),
    to_warehouse_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    lines: Type.Array(MovementLineInput, { minItems: 1, maxItems: 1000 }),
    notes: Type.Optional(Nullable(Text(2000))),
    reference_type: Type.Optional(Nullable(Text(100))),
    reference_id: Type.Optional(Nullable(Text(200))),
  },
  { additionalProperties: false },
);
export type MovementCreateBody = Static<typeof MovementCreateBody>;

export const MovementLine = Type.Object({
  id: Type.String(),
  item_id: Type.String(),
  qty: Type.String({ description: 'three fraction digits' }),
  cost_per_unit: Type.String({ description: 'two fraction digits' }),
  cost_currency: Type.String(),
  batch_id: Type.Union([Type.String(), Type.Null()]),
  serial_numbers: Type.Union([Type.Array(Type.String()), Type.Null()]),
  notes: Type.Union([Type.String(), Type.Null()]),
});
export type MovementLine = Static<typeof MovementLine>;

export const Movement = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  date: Type.String({ description: 'timestamp without offset (UTC)' }),
  from_warehouse_id: Type.Union([Type.String(), Type.Null()]),
  to_warehouse_id: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  reference_type: Type.Union([Type.String(), Type.Null()]),
  reference_id: Type.Union([Type.String(), Type.Null()]),
  created_by_user_id: Type.String(),
  lines: Type.Array(MovementLine),
});
export type Movement = Static<typeof Movement>;

export const MovementListQuery = Type.Object({
  limit: PageQuery.limit,
  warehouse_id: Type.Optional(Type.String({ maxLength: 200 })),
  item_id: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(Type.Union(LISTED_MOVEMENT_KINDS.map((k) => Type.Literal(k)))),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type MovementListQuery = Static<typeof MovementListQuery>;

export const MovementPage = Type.Object({
  items: Type.Array(Movement),
  total: Type.Integer(),
  limit: Type.Integer(),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export interface MovementPage {
  items: Movement[];
  total: number;
  limit: number;
  next_cursor: string | null;
}
