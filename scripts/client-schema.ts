/**
 * The types of @bizplat/client, generated with openapi-typescript from the OpenAPI document the
 * server serves (built on a throw-away SQLite database, so the text depends on the code only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/setup.ts';
import { openStorage } from '../src/storage/storage.ts';

export const CLIENT_SCHEMA_FILE = join(import.meta.dirname, '..', 'packages', 'client', 'src', 'schema.ts');

export const CLIENT_SCHEMA_HEADER = `/**
 * The API's types, generated from the server's OpenAPI document by \`npm run client:generate\`
 * (openapi-typescript). Do not edit: a test fails when this file differs from what the current
 * server's document generates.
 */

`;

export async function generateClientSchema(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-client-schema-'));
  const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'schema.db')}` });
  const storage = openStorage(config);
  try {
    await migrate(storage);
    const app = await buildApp({ config, storage, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
      return CLIENT_SCHEMA_HEADER + astToString(await openapiTS(res.json() as Parameters<typeof openapiTS>[0]));
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
