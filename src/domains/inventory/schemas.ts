import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { IncludeArchived, ListOf, PageQuery, UpdatedSince } from '../../http/pagination.ts';
import { DecimalInput, DecimalString, EnumText, LocalDateTime, Name, Nullable, NullableText, RefId, StringEnum, Text } from '../../http/schemas.ts';

export const ITEM_TYPES = ['product', 'service', 'material', 'finished_good'] as const;
export const MOVEMENT_KINDS = ['in', 'out', 'transfer', 'adjustment'] as const;
const LISTED_MOVEMENT_KINDS = [...MOVEMENT_KINDS, 'produce', 'consume'] as const;

const Amount = Type.Number({ minimum: 0, description: 'at most two fraction digits' });
const Level = Type.Number({ minimum: 0, description: 'at most three fraction digits' });

const productFields = {
  sku: NullableText({ maxLength: 100, description: 'article; unique among the organization\'s active products' }),
  unit: NullableText({ maxLength: 50, description: 'unit of measure' }),
  item_type: StringEnum(ITEM_TYPES, { description: 'services are not stocked' }),
  category_id: NullableText({ maxLength: 200 }),
  cost_per_unit: Amount,
  price: Amount,
  barcode: NullableText({ maxLength: 100 }),
  manufacturer: NullableText({ maxLength: 300 }),
  minStockLevel: Nullable(Level),
  maxStockLevel: Nullable(Level),
};
const productExample = {
  name: 'Oak shelf 80 cm',
  sku: 'SH-OAK-080',
  unit: 'pcs',
  item_type: 'product',
  cost_per_unit: 24.5,
  price: 39.9,
  barcode: '4601234567890',
  manufacturer: 'Fergana Woodworks',
};

export const ProductCreateBody = named(
  'ProductCreate',
  Type.Object({ name: Name(300), ...Type.Partial(Type.Object(productFields)).properties }, { additionalProperties: false, examples: [productExample] }),
);
export type ProductCreateBody = Static<typeof ProductCreateBody>;

export const ProductPatchBody = named(
  'ProductPatch',
  Type.Partial(Type.Object({ name: Name(300), ...productFields, isArchived: Type.Boolean() }), {
    additionalProperties: false,
    minProperties: 1,
    examples: [{ price: 42, minStockLevel: 10 }],
  }),
);
export type ProductPatchBody = Static<typeof ProductPatchBody>;

export const Product = named(
  'Product',
  Type.Object(
    {
      id: Type.String(),
      sku: Nullable(Type.String()),
      name: Type.String(),
      unit: Nullable(Type.String()),
      item_type: EnumText(ITEM_TYPES),
      category_id: Nullable(Type.String()),
      cost_per_unit: Type.Number(),
      price: Type.Number(),
      barcode: Nullable(Type.String()),
      manufacturer: Nullable(Type.String()),
      minStockLevel: Nullable(Type.Number()),
      maxStockLevel: Nullable(Type.Number()),
      isArchived: Type.Boolean(),
      version: Type.Integer(),
    },
    {
      description: 'A nomenclature item.',
      examples: [{ id: '0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b', ...productExample, category_id: null, minStockLevel: 10, maxStockLevel: null, isArchived: false, version: 1 }],
    },
  ),
);
export type Product = Static<typeof Product>;

export const ProductListQuery = Type.Object({ ...PageQuery, ...IncludeArchived, ...UpdatedSince, search: Type.Optional(Text({ maxLength: 200, description: 'part of the name, SKU or barcode' })) });
export type ProductListQuery = Static<typeof ProductListQuery>;

export const Warehouse = named(
  'Warehouse',
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      code: Nullable(Type.String()),
      city: Nullable(Type.String()),
      address_line: Nullable(Type.String()),
      isDefault: Type.Boolean(),
      isArchived: Type.Boolean(),
    },
    {
      description: 'A warehouse (read only).',
      examples: [{ id: '0193b1e1-0000-7000-8000-00000000a001', name: 'Main warehouse', code: 'MAIN', city: 'Tashkent', address_line: '12 Amir Temur Ave', isDefault: true, isArchived: false }],
    },
  ),
);
export type Warehouse = Static<typeof Warehouse>;

export const WarehouseListQuery = Type.Object({ ...PageQuery, ...IncludeArchived });
export type WarehouseListQuery = Static<typeof WarehouseListQuery>;

export const StockBalance = named(
  'StockBalance',
  Type.Object(
    {
      id: Type.String(),
      warehouseId: Type.String(),
      itemId: Type.String(),
      onHand: Type.Number({ description: 'physically on the warehouse' }),
      reserved: Type.Number(),
      available: Type.Number({ description: 'onHand minus reserved' }),
      lastMovementAt: Nullable(LocalDateTime()),
      version: Type.Integer(),
    },
    {
      description: 'The stock of one item in one warehouse (read only: it changes through movements).',
      examples: [{ id: '0193b1e2-1111-7000-8000-000000000001', warehouseId: '0193b1e1-0000-7000-8000-00000000a001', itemId: '0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b', onHand: 120, reserved: 15, available: 105, lastMovementAt: '2025-03-01T09:30:00.000', version: 7 }],
    },
  ),
);
export type StockBalance = Static<typeof StockBalance>;

export const StockQuery = Type.Object({
  ...PageQuery,
  warehouse_id: Type.Optional(Text({ maxLength: 200, description: 'only this warehouse' })),
  item_id: Type.Optional(Text({ maxLength: 200, description: 'only this item' })),
});
export type StockQuery = Static<typeof StockQuery>;

export const MovementLineInput = named(
  'MovementLineInput',
  Type.Object(
    {
      item_id: RefId({ description: 'a product' }),
      qty: DecimalInput({ description: 'a number or a decimal string; may be negative only for adjustment' }),
      cost_per_unit: Type.Optional(DecimalInput()),
      batch_id: Type.Optional(NullableText({ maxLength: 200 })),
      serial_numbers: Type.Optional(Nullable(Type.Array(Text({ maxLength: 200 }), { maxItems: 10_000 }))),
      notes: Type.Optional(NullableText({ maxLength: 2000 })),
    },
    { additionalProperties: false },
  ),
);
export type MovementLineInput = Static<typeof MovementLineInput>;

export const MovementCreateBody = named(
  'MovementCreate',
  Type.Object(
    {
      kind: StringEnum(MOVEMENT_KINDS),
      warehouse_id: RefId({ description: 'the warehouse; the source of a transfer' }),
      to_warehouse_id: Type.Optional(Nullable(Text({ maxLength: 200, description: 'the destination: required for transfer, refused otherwise' }))),
      lines: Type.Array(MovementLineInput, { minItems: 1, maxItems: 1000 }),
      notes: Type.Optional(NullableText({ maxLength: 2000, description: 'stored as the movement\'s reason' })),
      reference_type: Type.Optional(NullableText({ maxLength: 100, description: 'the kind of external document' })),
      reference_id: Type.Optional(NullableText({ maxLength: 200, description: 'the external document' })),
    },
    {
      additionalProperties: false,
      examples: [{
        kind: 'in',
        warehouse_id: '0193b1e1-0000-7000-8000-00000000a001',
        lines: [{ item_id: '0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b', qty: '40', cost_per_unit: '24.50' }],
        notes: 'Delivery from Fergana Woodworks',
        reference_type: 'purchase_invoice',
        reference_id: 'INV-2025-0312',
      }],
    },
  ),
);
export type MovementCreateBody = Static<typeof MovementCreateBody>;

export const MovementLine = named(
  'MovementLine',
  Type.Object({
    id: Type.String(),
    item_id: Type.String(),
    qty: DecimalString(3),
    cost_per_unit: DecimalString(2),
    cost_currency: Type.String(),
    batch_id: Nullable(Type.String()),
    serial_numbers: Nullable(Type.Array(Type.String())),
    notes: Nullable(Type.String()),
  }),
);
export type MovementLine = Static<typeof MovementLine>;

export const Movement = named(
  'Movement',
  Type.Object(
    {
      id: Type.String(),
      kind: EnumText(LISTED_MOVEMENT_KINDS),
      date: LocalDateTime(),
      from_warehouse_id: Nullable(Type.String()),
      to_warehouse_id: Nullable(Type.String()),
      reason: Nullable(Type.String({ description: 'the notes of the create request' })),
      reference_type: Nullable(Type.String()),
      reference_id: Nullable(Type.String()),
      created_by_user_id: Type.String(),
      lines: Type.Array(MovementLine),
    },
    {
      description: 'A stock movement with its lines.',
      examples: [{
        id: '0193b1e3-2222-7000-8000-000000000001',
        kind: 'in',
        date: '2025-03-01T09:30:00.000',
        from_warehouse_id: null,
        to_warehouse_id: '0193b1e1-0000-7000-8000-00000000a001',
        reason: 'Delivery from Fergana Woodworks',
        reference_type: 'purchase_invoice',
        reference_id: 'INV-2025-0312',
        created_by_user_id: '0193b1c0-0000-7000-8000-000000000001',
        lines: [{ id: '0193b1e3-2222-7000-8000-000000000002', item_id: '0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b', qty: '40.000', cost_per_unit: '24.50', cost_currency: 'USD', batch_id: null, serial_numbers: null, notes: null }],
      }],
    },
  ),
);
export type Movement = Static<typeof Movement>;

export const MovementListQuery = Type.Object({
  limit: PageQuery.limit,
  warehouse_id: Type.Optional(Text({ maxLength: 200, description: 'movements from or to this warehouse' })),
  item_id: Type.Optional(Text({ maxLength: 200, description: 'movements with a line of this item' })),
  kind: Type.Optional(StringEnum(LISTED_MOVEMENT_KINDS)),
  cursor: Type.Optional(Text({ maxLength: 200, description: 'the next_cursor of the previous page' })),
});
export type MovementListQuery = Static<typeof MovementListQuery>;

export const MovementPage = named(
  'MovementPage',
  Type.Object(
    {
      items: Type.Array(Movement),
      total: Type.Integer({ minimum: 0 }),
      limit: Type.Integer({ minimum: 1 }),
      next_cursor: Nullable(Type.String(), { description: 'pass as cursor for the next page; null on the last page' }),
    },
    { description: 'A page of movements, newest first.' },
  ),
);

export const ProductList = ListOf(Product, 'ProductList');
export const WarehouseList = ListOf(Warehouse, 'WarehouseList');
export const StockBalanceList = ListOf(StockBalance, 'StockBalanceList');
export interface MovementPage {
  items: Movement[];
  total: number;
  limit: number;
  next_cursor: string | null;
}
