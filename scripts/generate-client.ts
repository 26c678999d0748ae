/** `npm run client:generate`: writes packages/client/src/schema.ts from the current server's OpenAPI document. */
import { writeFileSync } from 'node:fs';
import { CLIENT_SCHEMA_FILE, generateClientSchema } from './client-schema.ts';

writeFileSync(CLIENT_SCHEMA_FILE, await generateClientSchema());
console.log(`wrote ${CLIENT_SCHEMA_FILE}`);
