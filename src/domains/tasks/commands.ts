/** CLI: `tasks settings --org S [--time-zone ZONE]` shows or sets the time zone task deadlines are read in. */
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import type { CliCommand } from '../../cli/command.ts';
import { requireOrganization, updateOrganizationSettings } from '../../platform/service.ts';
import { isTimeZone, timeZoneOf } from '../../platform/time-zone.ts';

const tasksSettings: CliCommand = {
  name: 'tasks settings',
  summary: 'Show or set the task settings of an organization',
  options: {
    org: { description: 'organization slug', required: true },
    'time-zone': { description: 'IANA time zone task deadlines are read in (e.g. Asia/Tashkent); default UTC' },
  },
  async run(args) {
    const slug = requiredOption(args, 'org');
    const zone = stringOption(args, 'time-zone');
    if (zone !== undefined && !isTimeZone(zone)) throw new UsageError('--time-zone takes an IANA time zone such as Asia/Tashkent or UTC');
    return args.withStorage(async (storage) => {
      if (zone !== undefined) await updateOrganizationSettings(storage, slug, { timeZone: zone });
      const org = await requireOrganization(storage, slug);
      return { timeZone: timeZoneOf(org.settings) };
    });
  },
};

export const tasksCommands: CliCommand[] = [tasksSettings];
