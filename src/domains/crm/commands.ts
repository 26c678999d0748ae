/** CLI: `crm settings --org S [--phone-region XX]` shows or sets the region for phone numbers without "+". */
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import type { CliCommand } from '../../cli/command.ts';
import { requireOrganization, updateOrganizationSettings } from '../../platform/service.ts';
import { phoneRegion } from './normalize.ts';

const crmSettings: CliCommand = {
  name: 'crm settings',
  summary: 'Show or set the CRM settings of an organization',
  options: {
    org: { description: 'organization slug', required: true },
    'phone-region': { description: 'ISO 3166 two-letter region for phone numbers written without "+" (e.g. UZ); "auto" follows the organization currency' },
  },
  async run(args) {
    const slug = requiredOption(args, 'org');
    const region = stringOption(args, 'phone-region')?.toUpperCase();
    if (region !== undefined && region !== 'AUTO' && !/^[A-Z]{2}$/.test(region)) throw new UsageError('--phone-region takes a two-letter region such as UZ, or auto');
    return args.withStorage(async (storage) => {
      if (region !== undefined) await updateOrganizationSettings(storage, slug, { phoneRegion: region === 'AUTO' ? null : region });
      const org = await requireOrganization(storage, slug);
      return { phoneRegion: phoneRegion({ orgId: org.id, userId: '', orgCurrency: org.currency, orgSettings: org.settings }) ?? null };
    });
  },
};

export const crmCommands: CliCommand[] = [crmSettings];
