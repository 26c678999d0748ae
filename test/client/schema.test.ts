/** The client's committed types are what the current server's document generates: the client cannot drift. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { CLIENT_SCHEMA_FILE, generateClientSchema } from '../../scripts/client-schema.ts';

it('packages/client/src/schema.ts is what the served OpenAPI document generates (run npm run client:generate)', async () => {
  const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
  const generated = await generateClientSchema();
  assert.ok(committed === generated, 'packages/client/src/schema.ts differs from the served document: run `npm run client:generate` and commit the result');
  assert.match(committed, /"\/events": \{/);
  assert.match(committed, /"\/funnels": \{/);
});
