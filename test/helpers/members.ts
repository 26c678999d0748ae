import type { LightMyRequestResponse } from 'fastify';
import { cliSource } from '../../src/platform/audit.ts';
import { deactivateMemberIn } from '../../src/platform/service.ts';
import type { Envelope } from './envelope.ts';
import type { TestContext } from './harness.ts';

/** Deactivates a member of the organization as `user deactivate` does: the same use case, in one transaction. */
export async function deactivate(ctx: TestContext, orgId: string, userId: string): Promise<void> {
  await ctx.storage.transaction((tx) => deactivateMemberIn(tx, orgId, userId, cliSource()));
}

/** A refusal's envelope without its request id and with the refused user's id written USER, so two refusals compare equal. */
export function refusalNaming(res: LightMyRequestResponse, userId: string): Omit<Envelope, 'request_id'> {
  const { request_id: _id, ...rest } = JSON.parse(res.body.split(userId).join('USER')) as Envelope;
  return rest;
}
