/** The finance endpoints: two path families for payment requests over one implementation, categories and receivables. */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { requestSource } from '../../http/audit-source.ts';
import { taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write } from '../../http/write.ts';
import { listCategories } from './categories.ts';
import { financeCategories, financeRequests, receivables } from './queries.ts';
import { listReceivables, today } from './receivables.ts';
import { createRequest, getRequest, listRequests } from './requests.ts';
import {
  FinanceCategoryList, FinanceCategoryListQuery, FinanceRequest, FinanceRequestCreate, FinanceRequestCreateById,
  FinanceRequestList, FinanceRequestListQuery, FinanceRequestPatch, ReceivableList, ReceivableListQuery,
} from './schemas.ts';
import { updateRequest } from './transitions.ts';

const read: RouteAccess = { scope: 'finance:read', capability: 'payments', mode: 'read' };
const create: RouteAccess = { scope: 'finance:write', capability: 'payments', mode: 'write', risk: 'medium' };
/** PATCH carries the approval chain's transitions: the approvals capability. */
const change: RouteAccess = { scope: 'finance:write', capability: 'approvals', mode: 'write', risk: 'high' };
const tags = ['finance'];
const duplicate = { 409: 'The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress).' };
const patchErrors = {
  403: 'The token lacks finance:write; or the transition needs a role right the owner lacks (insufficient_scope with details.required_right: finance.approve or finance.pay); or the requester tries to approve or reject their own request, or a member who changed its payment fields tries to approve it (self_approval); or someone else than the requester changes its fields or archives it (not_requester), or submits a draft (not_requester).',
  409: 'The request changed since the If-Match version (stale_version, with details.expected_version).',
  422: 'Invalid input (validation_error): a transition the table does not allow, a change to a frozen field, an approver approving twice, a bad amount, archiving an approved or paid request (isArchived), approving or paying an archived one (status).',
};

/** The two families: /finance-requests (spec) and /finance/requests (alias); `suffix` tells their operationIds apart. */
const FAMILIES = [
  { base: '/finance-requests', suffix: '', body: FinanceRequestCreate, bodyText: 'title, amount, currency, counterparty, counterpartyInn, category (a category name), paymentDate, invoiceNumber, description, vatAmount' },
  { base: '/finance/requests', suffix: 'ByCategoryId', body: FinanceRequestCreateById, bodyText: 'title, amount, currency, category_id, comment (stored as the description), vatAmount' },
] as const;

export async function financeRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  for (const family of FAMILIES) {
    const alias = family.suffix === '' ? '' : ' The same records as /finance-requests.';
    route(app, {
      method: 'GET', url: family.base, operationId: `listFinanceRequests${family.suffix}`, tags, access: read,
      summary: 'List payment requests',
      description: `Payment requests, newest first; filter by status, search the title; archived ones only with include_archived=true.${alias}`,
      query: FinanceRequestListQuery,
      conditional: taggedByCollection(financeRequests),
      response: { status: 200, schema: FinanceRequestList, description: 'A page of payment requests.' },
    }, async (req) => listRequests(db(), req.actor, req.query));

    route(app, {
      method: 'GET', url: `${family.base}/:id`, operationId: `getFinanceRequest${family.suffix}`, tags, access: read,
      summary: 'Get a payment request',
      ...(alias ? { description: alias.trim() } : {}),
      params: IdParam,
      conditional: taggedByVersion(financeRequests),
      response: { status: 200, schema: FinanceRequest, description: 'The payment request, with its version as ETag.' },
    }, async (req) => getRequest(db(), req.actor, req.params.id));

    route(app, {
      method: 'POST', url: family.base, operationId: `createFinanceRequest${family.suffix}`, tags, access: create,
      summary: 'File a payment request',
      description: `Body: ${family.bodyText}. Creates the request pending (a draft with status draft; never approved), requested by the token owner, at version 1. In the same transaction the amount is converted into the organization currency with its rate table (an unknown currency without a rate gives 422), the approvals it needs are recorded and every eligible approver is notified.`,
      body: family.body,
      response: { status: 201, schema: FinanceRequest, description: 'The payment request created.' },
      errors: duplicate,
    }, async (req, reply) => write(req, reply, 201, (tx) => createRequest(tx, req.actor, req.body)));

    route(app, {
      method: 'PATCH', url: `${family.base}/:id`, operationId: `updateFinanceRequest${family.suffix}`, tags, access: change,
      summary: 'Change a payment request, or move it along the approval chain',
      description: 'Fields change while the request is draft or pending, by the requester only; a change to a field that defines the payment (amount, currency, vatAmount, counterparty, counterpartyInn, invoiceNumber, paymentDate, category) drops the approvals given so far and asks the approvers again. status moves it: draft → pending (the requester), pending → approved or rejected (role right finance.approve, never the requester nor a member who changed its payment fields; with several approvals required each is recorded and the request stays pending until the last; the count reads amount + VAT converted into the organization currency), approved → paid (role right finance.pay). Approved and paid requests are never archived. Approvals, rejections and payments are recorded in the audit trail.',
      params: IdParam, body: FinanceRequestPatch,
      response: { status: 200, schema: FinanceRequest, description: 'The payment request at its new version (also the ETag).' },
      errors: patchErrors,
    }, async (req, reply) => {
      const expected = expectedVersion(req);
      return write(req, reply, 200, async (tx) => updateRequest(tx, req.actor, req.params.id, req.body, expected, await requestSource(tx.db, req)));
    });
  }

  route(app, {
    method: 'GET', url: '/finance/categories', operationId: 'listFinanceCategories', tags, access: read,
    summary: 'List finance categories',
    description: 'Expense categories and funds, in their order; archived ones only with include_archived=true.',
    query: FinanceCategoryListQuery,
    conditional: taggedByCollection(financeCategories),
    response: { status: 200, schema: FinanceCategoryList, description: 'A page of finance categories.' },
  }, async (req) => listCategories(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/receivables', operationId: 'listReceivables', tags, access: read,
    summary: 'List receivables',
    description: 'Money clients owe, newest first. status is computed when read: paid (paidAmount ≥ amount), else overdue (dueDate before today, UTC), else partial (paidAmount > 0), else open.',
    query: ReceivableListQuery,
    // The date is part of the tag: a page read yesterday is not current today (statuses move with it).
    conditional: taggedByCollection(receivables, () => today()),
    response: { status: 200, schema: ReceivableList, description: 'A page of receivables.' },
  }, async (req, _reply, on) => listReceivables(db(), req.actor, req.query, on));
}
