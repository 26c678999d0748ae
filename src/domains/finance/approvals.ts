/**
 * The approval chain: how many approvals a request needs and who may give them.
 * Default: one approval by any member holding finance.approve other than the requester. The
 * organization setting `financeApprovalRules` ([{ "above": "1000000.00", "approvals": 2 }, …],
 * amounts in the organization currency) raises the count for requests whose converted total
 * (amount + VAT: what the organization pays) is strictly above a rule's `above`; the highest
 * matching count applies.
 */
import { memberUserIdsWithRight } from '../../platform/members.ts';
import { MONEY_SCALE, toScaled } from '../../storage/decimal.ts';
import type { Db } from '../../storage/statements.ts';
import { convert, MAX_CENTS, money } from './money.ts';

export const APPROVAL_RULES_SETTING = 'financeApprovalRules';
export const MAX_APPROVALS = 10;

export interface ApprovalRule {
  /** Cents of the organization currency. */
  aboveCents: number;
  approvals: number;
}

/** The rules as stored in the organization settings; malformed entries are ignored. */
export function approvalRules(settings: Readonly<Record<string, unknown>>): ApprovalRule[] {
  const raw = settings[APPROVAL_RULES_SETTING];
  if (!Array.isArray(raw)) return [];
  const rules: ApprovalRule[] = [];
  for (const entry of raw as unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const { above, approvals } = entry as { above?: unknown; approvals?: unknown };
    const scaled = typeof above === 'string' || typeof above === 'number' ? toScaled(above, MONEY_SCALE) : undefined;
    if (!scaled?.ok || typeof approvals !== 'number' || !Number.isInteger(approvals) || approvals < 1) continue;
    rules.push({ aboveCents: scaled.value, approvals: Math.min(approvals, MAX_APPROVALS) });
  }
  return rules.sort((a, b) => a.aboveCents - b.aboveCents);
}

/** The stored form of rules (what `finance settings --approvals` writes). */
export function storedRules(rules: ApprovalRule[]): Array<{ above: string; approvals: number }> {
  return rules.map((r) => ({ above: money(r.aboveCents), approvals: r.approvals }));
}

export function requiredApprovals(settings: Readonly<Record<string, unknown>>, baseAmountCents: number): number {
  let required = 1;
  for (const rule of approvalRules(settings)) if (baseAmountCents > rule.aboveCents) required = Math.max(required, rule.approvals);
  return required;
}

/** What a pending request needs when an approval is given: the columns it is judged by. */
export interface ApprovalBasis {
  total_cents: number;
  rate_micros: number;
  approvals_required: number;
}

/**
 * The approvals a request needs when it is decided: the count fixed when it was written, or
 * what today's rules ask for its total at its own rate, whichever is higher (so a row written
 * before VAT counted, or before the rules were tightened, is judged by what it pays).
 */
export function approvalsNeeded(settings: Readonly<Record<string, unknown>>, request: ApprovalBasis): number {
  const payable = convert(request.total_cents, request.rate_micros) ?? MAX_CENTS + 1;
  return Math.max(request.approvals_required, requiredApprovals(settings, payable));
}

/** Members who may approve: holding finance.approve, never the requester, nor one who already approved. */
export async function eligibleApprovers(db: Db, orgId: string, requesterId: string, alreadyApproved: readonly string[] = []): Promise<string[]> {
  return approversAmong(await approverHolders(db, orgId), requesterId, alreadyApproved);
}

/** The members holding finance.approve: read once, they serve approversAmong for many requests. */
export function approverHolders(db: Db, orgId: string): Promise<string[]> {
  return memberUserIdsWithRight(db, orgId, 'finance.approve');
}

/** eligibleApprovers among the holders already read. */
export function approversAmong(holders: readonly string[], requesterId: string, alreadyApproved: readonly string[] = []): string[] {
  return holders.filter((id) => id !== requesterId && !alreadyApproved.includes(id));
}
