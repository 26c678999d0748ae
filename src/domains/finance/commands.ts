/**
 * CLI: `finance rate --org S --currency USD --rate 12650.5` sets a rate (without --rate: prints the
 * table); `finance settings --org S --approvals 1000000:2,5000000:3` sets the approval rules.
 */
import { UsageError, requiredOption, stringOption } from '../../cli/command.ts';
import type { CliCommand } from '../../cli/command.ts';
import { asAppError } from '../../http/errors.ts';
import { requireOrganization, updateOrganizationSettings } from '../../platform/service.ts';
import { MONEY_SCALE, toScaled } from '../../storage/decimal.ts';
import { APPROVAL_RULES_SETTING, approvalRules, MAX_APPROVALS, storedRules } from './approvals.ts';
import type { ApprovalRule } from './approvals.ts';
import { rateTable, setRate } from './rates.ts';
import { changedFields, cliSource, recordAudit } from '../../platform/audit.ts';

const financeRate: CliCommand = {
  name: 'finance rate',
  summary: 'Show the rate table of an organization, or set the rate of one currency',
  options: {
    org: { description: 'organization slug', required: true },
    currency: { description: 'ISO 4217 code, e.g. USD (with --rate)' },
    rate: { description: 'units of the organization currency per unit of --currency, up to 6 fraction digits, e.g. 12650.5' },
  },
  async run(args) {
    const slug = requiredOption(args, 'org');
    const currency = stringOption(args, 'currency')?.toUpperCase();
    const rate = stringOption(args, 'rate');
    if ((currency === undefined) !== (rate === undefined)) throw new UsageError('--currency and --rate go together');
    return args.withStorage(async (storage) => {
      const org = await requireOrganization(storage, slug);
      if (currency !== undefined && rate !== undefined) {
        try {
          await storage.transaction(async (tx) => {
            const before = (await rateTable(tx.db, org.id)).find((r) => r.currency === currency)?.rate ?? null;
            const set = await setRate(tx.db, org.id, org.currency, currency, rate);
            const changes = changedFields({ [currency]: before }, { [currency]: set.rate });
            await recordAudit(tx, cliSource(), { orgId: org.id, action: 'finance.rate', targetType: 'organization', targetId: org.id, changes });
          });
        } catch (error) {
          const app = asAppError(error);
          if (app) throw new UsageError(app.message);
          throw error;
        }
      }
      return { currency: org.currency, rates: await rateTable(storage.db, org.id) };
    });
  },
};

function parseRules(text: string): ApprovalRule[] {
  if (text === 'none') return [];
  return text.split(',').map((part) => {
    const [above = '', count = ''] = part.trim().split(':');
    const scaled = toScaled(above, MONEY_SCALE);
    const approvals = Number(count);
    if (!scaled.ok || scaled.value < 0 || !Number.isInteger(approvals) || approvals < 1 || approvals > MAX_APPROVALS) {
      throw new UsageError(`--approvals takes AMOUNT:COUNT pairs such as 1000000:2,5000000:3 (COUNT 1 to ${MAX_APPROVALS}), or none`);
    }
    return { aboveCents: scaled.value, approvals };
  });
}

const financeSettings: CliCommand = {
  name: 'finance settings',
  summary: 'Show or set the approval rules of payment requests',
  options: {
    org: { description: 'organization slug', required: true },
    approvals: { description: 'AMOUNT:COUNT pairs: requests whose amount plus VAT is above AMOUNT (organization currency) need COUNT approvals, e.g. 1000000:2,5000000:3; "none" for one approval always' },
  },
  async run(args) {
    const slug = requiredOption(args, 'org');
    const given = stringOption(args, 'approvals');
    const rules = given === undefined ? undefined : parseRules(given);
    return args.withStorage(async (storage) => {
      if (rules !== undefined) await updateOrganizationSettings(storage, slug, { [APPROVAL_RULES_SETTING]: storedRules(rules) });
      const org = await requireOrganization(storage, slug);
      return { currency: org.currency, approvalRules: storedRules(approvalRules(org.settings)) };
    });
  },
};

export const financeCommands: CliCommand[] = [financeRate, financeSettings];
