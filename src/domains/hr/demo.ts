/** The HR part of the demo data set: a few employees, no private fields. */
export const hrDemoData: Record<string, unknown[]> = {
  employees: [
    { id: '0190a1b2-0000-7000-8000-000000000e01', full_name: 'Aziza Rahimova', position: 'Accountant', department_id: 'finance', status: 'active' },
    { id: '0190a1b2-0000-7000-8000-000000000e02', full_name: 'Bekzod Tursunov', position: 'Warehouse manager', department_id: 'warehouse', status: 'active' },
    { id: '0190a1b2-0000-7000-8000-000000000e03', full_name: 'Elena Petrova', position: 'Sales manager', department_id: 'sales', status: 'on_leave' },
  ],
};
