/** The tasks part of the demo data set (import-file collections); authored by the organization's first administrator. */
const WEBSITE = '0192f000-0000-7000-8000-00000000c001';
const OFFICE = '0192f000-0000-7000-8000-00000000c002';

export const tasksDemoData: Record<string, unknown[]> = {
  projects: [
    { id: WEBSITE, name: 'Website relaunch', icon: 'globe', color: '#3366ff' },
    { id: OFFICE, name: 'Office move', icon: 'truck', color: '#ff9900' },
  ],
  tasks: [
    { id: '0192f000-0000-7000-8000-00000000d001', title: 'Draft the new home page', project_id: WEBSITE, priority: 'high', start_date: '2026-01-12', end_date: '2030-02-20', tags: ['design'] },
    { id: '0192f000-0000-7000-8000-00000000d002', title: 'Collect product photos', project_id: WEBSITE, status: 'In progress', end_date: '2030-02-10', end_time: '17:00' },
    { id: '0192f000-0000-7000-8000-00000000d003', title: 'Order moving boxes', project_id: OFFICE, status: 'Done', priority: 'low' },
    { id: '0192f000-0000-7000-8000-00000000d004', title: 'Book the movers', project_id: OFFICE, priority: 'urgent', end_date: '2030-03-01', description: 'Two trucks, Saturday morning.' },
  ],
};
