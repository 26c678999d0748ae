/**
 * The production part of the demo data set: a pipeline and the order made when the CRM demo's
 * won packaging deal was transferred (the commercial demo's quotation points to it).
 */
const DEMO_PRODUCTION_ORDER = '0190a1b2-0000-7000-8000-000000001611';

export const productionDemoData: Record<string, unknown[]> = {
  productionPipelines: [
    {
      id: '0190a1b2-0000-7000-8000-000000001601',
      title: 'Sewing workshop',
      isDefault: true,
      stages: [
        { id: '0190a1b2-0000-7000-8000-000000001602', title: 'Cutting', order: 1 },
        { id: '0190a1b2-0000-7000-8000-000000001603', title: 'Sewing', order: 2 },
        { id: '0190a1b2-0000-7000-8000-000000001604', title: 'Quality check', order: 3 },
        { id: '0190a1b2-0000-7000-8000-000000001605', title: 'Packing', order: 4 },
      ],
    },
  ],
  productionOrders: [
    {
      id: DEMO_PRODUCTION_ORDER,
      title: 'Поставка упаковки',
      status: 'in_progress',
      pipelineId: '0190a1b2-0000-7000-8000-000000001601',
      currentStageId: '0190a1b2-0000-7000-8000-000000001603',
      dealId: '0190a1b2-0000-7000-8000-000000000302',
      items: [{ name: 'Gift box, large', qty: 1200 }, { name: 'Gift box, small', qty: 800 }],
      qtyProduced: 450,
      customerName: 'ООО «Северный ветер»',
      plannedDeliveryDate: '2025-05-20',
      monitorStatus: 'on_track',
    },
  ],
};
