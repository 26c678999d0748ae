import assert from 'node:assert/strict';
import { importData } from '../../src/import.ts';
import type { AppError } from '../../src/http/errors.ts';
import { api, createPrincipal, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

export interface ProductionOrder {
  id: string;
  title: string;
  status: string;
  pipelineId: string | null;
  currentStageId: string | null;
  dealId: string | null;
  items: Array<{ name: string; qty: number }>;
  qtyToProduce: number;
  qtyProduced: number;
  customerName: string | null;
  plannedDeliveryDate: string | null;
  monitorStatus: string;
  currentStage?: { id: string; title: string } | null;
}

export interface CommercialOrder {
  id: string;
  deal_id: string | null;
  client_id: string | null;
  title: string;
  status: string;
  currency: string;
  items: Array<{ name: string; qty: number; price: number }>;
  production_order_id: string | null;
  approved_at: string | null;
  created_at: string;
}

export interface Page<T> { items: T[]; total: number; limit: number; offset: number }

export const PRODUCTION_FIELDS = ['currentStageId', 'customerName', 'dealId', 'id', 'items', 'monitorStatus', 'pipelineId', 'plannedDeliveryDate', 'qtyProduced', 'qtyToProduce', 'status', 'title'];
export const COMMERCIAL_FIELDS = ['approved_at', 'client_id', 'created_at', 'currency', 'deal_id', 'id', 'items', 'production_order_id', 'status', 'title'];

export function importInto(ctx: TestContext, slug: string, data: Record<string, unknown[]>): Promise<Record<string, number>> {
  return importData(ctx.storage, slug, data, ctx.modules);
}

export function fieldsOf(error: AppError): string[] {
  return ((error.details.fields ?? []) as Array<{ field: string }>).map((f) => f.field);
}

/** An organization with an administrator, a client and a deal of that client (in the default funnel's first stage). */
export interface Shop { admin: Principal; clientId: string; dealId: string }

export async function shop(ctx: TestContext, clientName = 'Alpha LLC'): Promise<Shop> {
  const admin = await createPrincipal(ctx);
  const client = await api(ctx, admin.token, 'POST', '/clients', { body: { name: clientName } });
  assert.equal(client.statusCode, 201, client.body);
  const clientId = json<{ id: string }>(client).id;
  const deal = await api(ctx, admin.token, 'POST', '/deals', { body: { title: 'Kitchen sets', client_id: clientId } });
  assert.equal(deal.statusCode, 201, deal.body);
  return { admin, clientId, dealId: json<{ id: string }>(deal).id };
}

export async function list<T>(ctx: TestContext, p: Principal, path: string, query: Record<string, string> = {}): Promise<Page<T>> {
  const res = await api(ctx, p.token, 'GET', path, { query });
  assert.equal(res.statusCode, 200, res.body);
  return json<Page<T>>(res);
}
