/**
 * The finance part of the demo data set: categories, two payment requests in the organization
 * currency (no rate needed) and receivables of the CRM demo's clients and deals.
 */
const TEXTILE = '0190a1b2-0000-7000-8000-000000000101';
const TEXTILE_DEAL = '0190a1b2-0000-7000-8000-000000000301';
const SEVER = '0190a1b2-0000-7000-8000-000000000102';

export const financeDemoData: Record<string, unknown[]> = {
  financeCategories: [
    { id: '0190a1b2-0000-7000-8000-000000000f01', name: 'Rent', type: 'expense', value: 'rent', color: '#1E90FF', order: 1 },
    { id: '0190a1b2-0000-7000-8000-000000000f02', name: 'Travel', type: 'expense', value: 'travel', color: '#FF8C00', order: 2 },
    { id: '0190a1b2-0000-7000-8000-000000000f03', name: 'Taxi', type: 'expense', value: 'taxi', color: '#FFD700', order: 3, parent_category_id: '0190a1b2-0000-7000-8000-000000000f02' },
    { id: '0190a1b2-0000-7000-8000-000000000f04', name: 'Development fund', type: 'fund', value: 'development', color: '#2E8B57', order: 4 },
  ],
  financeRequests: [
    { id: '0190a1b2-0000-7000-8000-000000000f11', title: 'Office rent, March', amount: '12500000.00', category: 'Rent', counterparty: 'Tower Estates', paymentDate: '2025-03-05', status: 'pending' },
    { id: '0190a1b2-0000-7000-8000-000000000f12', title: 'Trip to the Samarkand fair', amount: '3200000.00', vatAmount: '384000.00', category: 'Travel', status: 'draft' },
  ],
  receivables: [
    { id: '0190a1b2-0000-7000-8000-000000000f21', clientId: TEXTILE, dealId: TEXTILE_DEAL, amount: 12500.5, paidAmount: 5000, dueDate: '2025-04-30', description: 'Spring order, second half' },
    { id: '0190a1b2-0000-7000-8000-000000000f22', clientId: SEVER, amount: 800, paidAmount: 0, dueDate: '2099-12-31', description: 'Delivery services' },
  ],
};
