/**
 * The commercial part of the demo data set: the quotation already transferred to production for
 * the won packaging deal, and a confirmed one for the autumn fabric deal (move that deal to Won
 * and it goes to production).
 */
export const commercialDemoData: Record<string, unknown[]> = {
  commercialOrders: [
    {
      id: '0190a1b2-0000-7000-8000-000000001621',
      deal_id: '0190a1b2-0000-7000-8000-000000000302',
      title: 'Поставка упаковки',
      status: 'transferred',
      currency: 'RUB',
      items: [{ name: 'Gift box, large', qty: 1200, price: 250.25 }, { name: 'Gift box, small', qty: 800, price: 224.25 }],
      production_order_id: '0190a1b2-0000-7000-8000-000000001611',
      approved_at: '2025-03-10T10:00:00.000+00:00',
    },
    {
      id: '0190a1b2-0000-7000-8000-000000001622',
      deal_id: '0190a1b2-0000-7000-8000-000000000301',
      title: 'Autumn fabric order',
      status: 'confirmed',
      items: [{ name: 'Cotton fabric, m', qty: 5000, price: 25000 }],
    },
  ],
};
