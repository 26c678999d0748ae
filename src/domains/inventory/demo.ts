/** The inventory part of the demo data set (import-file collections). */
const CENTRAL = '0192f000-0000-7000-8000-00000000a001';
const SHOWROOM = '0192f000-0000-7000-8000-00000000a002';
const CHAIR = '0192f000-0000-7000-8000-00000000b001';
const DESK = '0192f000-0000-7000-8000-00000000b002';
const BOARD = '0192f000-0000-7000-8000-00000000b003';
const ASSEMBLY = '0192f000-0000-7000-8000-00000000b004';

export const inventoryDemoData: Record<string, unknown[]> = {
  warehouses: [
    { id: CENTRAL, name: 'Central warehouse', code: 'CEN', city: 'Tashkent', address_line: '12 Amir Temur Avenue', isDefault: true },
    { id: SHOWROOM, name: 'Showroom', code: 'SHR', city: 'Samarkand', address_line: '5 Registan Street' },
  ],
  products: [
    { id: CHAIR, sku: 'CH-100', name: 'Office chair', unit: 'pcs', item_type: 'finished_good', cost_per_unit: 450000, price: 690000, barcode: '4780000000011', manufacturer: 'Demo Furniture', minStockLevel: 5, maxStockLevel: 200 },
    { id: DESK, sku: 'DS-200', name: 'Standing desk', unit: 'pcs', item_type: 'product', cost_per_unit: 1800000, price: 2500000, barcode: '4780000000028', minStockLevel: 2 },
    { id: BOARD, sku: 'MT-300', name: 'Oak board', unit: 'm2', item_type: 'material', cost_per_unit: 95000.5, price: 0 },
    { id: ASSEMBLY, sku: 'SV-400', name: 'Assembly service', unit: 'h', item_type: 'service', price: 120000 },
  ],
  movements: [
    { kind: 'in', warehouse_id: CENTRAL, notes: 'Opening stock', reference_type: 'purchase_order', reference_id: 'PO-1001', lines: [{ item_id: CHAIR, qty: 40 }, { item_id: DESK, qty: 12 }, { item_id: BOARD, qty: '125.5' }] },
    { kind: 'transfer', warehouse_id: CENTRAL, to_warehouse_id: SHOWROOM, notes: 'Showroom display', lines: [{ item_id: CHAIR, qty: 4 }, { item_id: DESK, qty: 2 }] },
    { kind: 'out', warehouse_id: CENTRAL, notes: 'Order shipment', reference_type: 'sales_order', reference_id: 'SO-2001', lines: [{ item_id: CHAIR, qty: 6, cost_per_unit: 450000 }] },
    { kind: 'adjustment', warehouse_id: CENTRAL, notes: 'Stock count correction', lines: [{ item_id: BOARD, qty: '-0.75' }] },
  ],
};
