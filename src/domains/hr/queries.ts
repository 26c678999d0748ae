/**
 * The directory's projection. This resource reads hr_employees only and has no join: the
 * private fields (private.queries.ts) are not within reach of any statement it builds.
 */
import { defineResource } from '../../storage/resource.ts';

export const employees = defineResource({
  table: 'hr_employees',
  counted: { filters: ['status'] },
  fields: {
    id: 'id',
    user_id: 'user_id',
    full_name: 'full_name',
    position: 'position',
    department_id: 'department_id',
    status: 'status',
  },
  filters: { department_id: 'department_id', status: 'status' },
  archivedColumn: 'is_archived',
  searchColumn: 'search_text',
  order: [['full_name', 'asc'], ['id', 'asc']],
});

