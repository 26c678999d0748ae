import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { call, codeOf, withClient } from './helpers.ts';

const LIMIT = 5;

describeEachDatabase('MCP tool calls share the token\'s rate limit with the API', (ctx) => {
  it('calls beyond the limit are tool errors carrying the 429 envelope, and the REST API is refused too', async () => {
    const owner = await createPrincipal(ctx());
    const statuses: unknown[] = [];
    await withClient(ctx(), owner.token, async (c) => {
      for (let i = 0; i <= LIMIT; i += 1) {
        const answer = await call(c, 'getMe', {});
        statuses.push(answer.status);
        if (answer.isError) {
          assert.deepEqual([answer.status, answer.body.error, codeOf(answer)], [429, 'too_many_requests', 'rate_limited']);
          break;
        }
      }
    });
    assert.equal(statuses.at(-1), 429, statuses.join());
    assert.ok(statuses.length <= LIMIT, 'the calls counted against the same window as the token\'s first check');
    assert.equal((await api(ctx(), owner.token, 'GET', '/ping')).statusCode, 429);
  });
}, { env: { BIZPLAT_RATE_LIMIT: String(LIMIT) } });
