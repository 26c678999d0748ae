import type { FastifyInstance } from 'fastify';
import type { Actor } from '../http/access.ts';
import { Authenticator, tokenFrom } from '../http/auth.ts';
import { tokenKey } from '../platform/token-key.ts';
import { injectGateway } from './gateway.ts';
import type { ApiAnswer, Credentials } from './gateway.ts';

export type Caller = { actor: Actor } | { refusal: ApiAnswer };

/**
 * Who an MCP request is, by the same token check as the API's. A token this process knows is
 * admitted from memory; any other goes through GET /ping first, so a refusal is the API's own
 * answer (401, or 429 once the address failed too often) and counts as the API counts it.
 */
export class Callers {
  private constructor(
    private readonly app: FastifyInstance,
    private readonly apiPrefix: string,
    private readonly authenticator: Authenticator,
  ) {}

  static async open(app: FastifyInstance, apiPrefix: string): Promise<Callers> {
    const authenticator = new Authenticator(app.storage, await tokenKey(app.storage, app.config.tokenPepper));
    await authenticator.start();
    app.addHook('onClose', async () => authenticator.stop());
    return new Callers(app, apiPrefix, authenticator);
  }

  async resolve(credentials: Credentials): Promise<Caller> {
    const token = tokenFrom(credentials);
    try {
      const known = this.authenticator.knownActor(token, credentials.hostname);
      if (known !== undefined) return { actor: known };
    } catch {
      // Refused: the API's own answer follows.
    }
    const ping = () => injectGateway(this.app, this.apiPrefix, credentials)({ method: 'GET', path: '/ping' });
    const first = await ping();
    if (first.status !== 200) return { refusal: first };
    try {
      return { actor: await this.authenticator.authenticate(token, credentials.hostname, credentials.address) };
    } catch {
      // Revoked between the two checks: the API's answer says so.
      return { refusal: await ping() };
    }
  }
}
