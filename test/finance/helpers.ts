import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { importData } from '../../src/import.ts';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { api, createPrincipal, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

export interface FinanceRequest {
  id: string;
  version: number;
  title: string;
  amount: string;
  currency: string;
  category: string | null;
  counterparty: string | null;
  counterpartyInn: string | null;
  status: string;
  paymentDate: string | null;
  invoiceNumber: string | null;
  vatAmount: string;
  amountWithVat: string;
  requestedBy: string;
  description: string | null;
  createdAt: string;
  isArchived: boolean;
}

export interface Envelope {
  error: string;
  message: string;
  details: { error: string; fields?: Array<{ field: string; message: string }>; required_right?: string; expected_version?: number };
}

export function fieldsOf(res: LightMyRequestResponse): string[] {
  return (json<Envelope>(res).details.fields ?? []).map((f) => f.field);
}

/** A team of one organization: the requester, two approvers, a payer (each user holds only the rights named). */
export interface Team {
  requester: Principal;
  approver: Principal;
  approver2: Principal;
  payer: Principal;
  slug: string;
  orgId: string;
}

const WRITE = ['finance:read', 'finance:write'];

export async function team(ctx: TestContext, currency?: string): Promise<Team> {
  const requester = await createPrincipal(ctx, { rights: [], scopes: WRITE, ...(currency ? { currency } : {}) });
  const approver = await createPrincipal(ctx, { slug: requester.slug, rights: ['finance.approve'], scopes: WRITE });
  const approver2 = await createPrincipal(ctx, { slug: requester.slug, rights: ['finance.approve'], scopes: WRITE });
  const payer = await createPrincipal(ctx, { slug: requester.slug, rights: ['finance.pay'], scopes: WRITE });
  return { requester, approver, approver2, payer, slug: requester.slug, orgId: requester.orgId };
}

export async function file(ctx: TestContext, p: Principal, body: Record<string, unknown>, path = '/finance-requests'): Promise<FinanceRequest> {
  const res = await api(ctx, p.token, 'POST', path, { body });
  assert.equal(res.statusCode, 201, res.body);
  return json<FinanceRequest>(res);
}

export function patch(ctx: TestContext, p: Principal, id: string, body: Record<string, unknown>, version?: number, base = '/finance-requests'): Promise<LightMyRequestResponse> {
  return api(ctx, p.token, 'PATCH', `${base}/${id}`, { body, ...(version !== undefined ? { headers: { 'if-match': String(version) } } : {}) });
}

/** The changed request of a PATCH that must succeed. */
export async function ok(res: LightMyRequestResponse): Promise<FinanceRequest> {
  assert.equal(res.statusCode, 200, res.body);
  return json<FinanceRequest>(res);
}

export async function events(ctx: TestContext, orgId: string, entityId: string): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const rows = await ctx.storage.db.selectFrom('events').select(['event', 'data']).where('org_id', '=', orgId).where('entity_id', '=', entityId).orderBy('seq').execute();
  return rows.map((r) => ({ event: r.event, data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown> }));
}

export async function importInto(ctx: TestContext, slug: string, data: Record<string, unknown[]>): Promise<Record<string, number>> {
  return importData(ctx.storage, slug, data, ctx.modules);
}

export async function setSettings(ctx: TestContext, slug: string, settings: Record<string, unknown>): Promise<void> {
  await updateOrganizationSettings(ctx.storage, slug, settings);
}
