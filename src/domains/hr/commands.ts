/**
 * CLI: `employees export --org S [--include-private]`. The one place private employee fields are
 * shown, and only when the operator asks for them by name.
 */
import { requiredOption } from '../../cli/command.ts';
import type { CliCommand } from '../../cli/command.ts';
import { requireOrganization } from '../../platform/service.ts';
import { exportEmployees } from './employees.ts';

const employeesExport: CliCommand = {
  name: 'employees export',
  summary: 'Print the employees of an organization as an import file (private fields only with --include-private)',
  options: {
    org: { description: 'organization slug', required: true },
    'include-private': { description: 'also print the private fields (salary, birth date, documents, …)', flag: true },
  },
  async run(args) {
    const slug = requiredOption(args, 'org');
    const includePrivate = args.options['include-private'] === true;
    return args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, slug);
      return { employees: await exportEmployees(storage.db, { orgId: org.id }, includePrivate) };
    });
  },
};

export const hrCommands: CliCommand[] = [employeesExport];
