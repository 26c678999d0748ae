/** The document's tags, in the order a reader meets the domains, each with what it groups. */
export const API_TAGS = [
  { name: 'service', description: 'The token itself: /ping, /me (who the token acts as) and the capabilities catalog.' },
  { name: 'crm', description: 'Clients, contacts, deals and their funnels.' },
  { name: 'inventory', description: 'Products, warehouses, stock, the movement ledger and reservations.' },
  { name: 'finance', description: 'Payment requests with approvals, categories, rates and receivables.' },
  { name: 'hr', description: 'Employees (private fields only for those entitled).' },
  { name: 'tasks', description: 'Tasks and projects, with executors, co-executors and watchers.' },
  { name: 'processes', description: 'Business processes: templates with stages, approvals decided by their executors.' },
  { name: 'calendar', description: 'Meetings and recurring series in the organization\'s time zone, with reminders.' },
  { name: 'production', description: 'Production and commercial orders.' },
  { name: 'webhooks', description: 'Subscriptions to events, signed deliveries, the event catalog and secret rotation.' },
  { name: 'events', description: 'The events feed: every change a token may see, in commit order, from a cursor.' },
];

/** Who answers for the API, and under which license it is published. */
export const API_CONTACT = { name: 'bizplat', url: 'https://github.com/bizplat/bizplat' };
export const API_LICENSE = { name: 'Apache 2.0', identifier: 'Apache-2.0' };

/** The introduction of the OpenAPI document (`info.description`, Markdown). */
export const API_INTRODUCTION = `The public REST API v1 of bizplat, an open business platform: CRM, inventory, finance, HR,
tasks, business processes, calendar, production, webhooks and an events feed.
Every path is relative to the base address, which ends in \`/api/public/v1\`. Requests and answers are JSON
(\`application/json; charset=utf-8\`); large answers are sent compressed to a client that accepts gzip.

## Quickstart
1. **Get a token.** On a new server, \`npm start\` prints an \`admin:all\` token of the demo organization. Otherwise an
   administrator issues one in the console (\`/admin\`) or with \`bizplat token create --org <slug> --user <id> --scopes crm:read,crm:write\`.
2. **First call.** \`GET /me\`: \`curl -H "X-API-Token: $TOKEN" http://localhost:3000/api/public/v1/me\` answers who the token acts as:
   the user id (what \`assignee_id\` and other user references take), the \`orgUserId\` that \`GET /ping\` reports, the
   organization, the token's scopes and the user's rights. Then \`GET /clients?limit=5\`.
3. **A client package.** \`npm install @bizplat/client\`:
   \`\`\`js
   import { createBizplatClient } from '@bizplat/client';
   const bizplat = createBizplatClient({ baseUrl: 'http://localhost:3000/api/public/v1', token: process.env.TOKEN });
   const { data } = await bizplat.GET('/clients', { params: { query: { limit: 5 } } });
   \`\`\`
4. **A webhook receiver.** Subscribe with \`POST /webhooks\` (\`admin:all\`); keep the \`secret\` of its answer. Each delivery
   carries the Standard Webhooks headers (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`), so any Standard
   Webhooks library verifies it: \`new Webhook(secret).verify(rawBody, headers)\` (npm \`standardwebhooks\`). See
   "Verifying a signature" below for doing it by hand.

## Tokens and scopes
Every request carries a personal access token, as \`X-API-Token: <token>\` or \`Authorization: Bearer <token>\`.
A token has scopes chosen when it was issued (\`crm:read\`, \`crm:write\`, \`inventory:read\`, \`inventory:write\`,
\`admin:all\`, …); a write also needs a role right of the token's owner (\`crm.clients\`, \`crm.deals.edit\`,
\`org.inventory.edit\`). Each operation names both in its description and in \`x-required-scope\` /
\`x-required-right\`. A missing or invalid token answers 401 (\`api_token_required\`); a missing scope or right
answers 403 (\`insufficient_scope\`, with \`details.required_scope\` or \`details.required_right\`).

## Pagination
Lists take \`limit\` (1 to 200, default 50) and \`offset\` (default 0) and answer \`{ items, total, limit, offset }\`.
Archived records are left out unless \`include_archived=true\`. \`GET /movements\` pages by cursor instead: pass
the \`next_cursor\` of one page as \`cursor\` to get the next (\`null\` on the last page). A query parameter the
operation does not list is refused with 422.

Extension: every list answers \`next_cursor\` too and takes \`cursor\`, with the same filters as the page the cursor
came from (another list's or other filters' cursor answers 422). A page by cursor costs the same however deep it
lies, where an offset page costs the records it skips, and a walk by cursor neither repeats nor misses a record
while others are created or archived. Clients, contacts, deals, products, tasks and payment requests take
\`updated_since\`: the records created or changed at or after that time, oldest change first (by \`updated_at\`,
then \`id\`). To synchronize, walk it by cursor with \`include_archived=true\`, and start the next run at the greatest
\`updated_at\` seen minus a minute, keeping a record only if its \`version\` is newer than the one you hold.
Meetings take it too: one item per meeting changed since the time that can reach into the window \`from\`–\`to\`.

## Idempotency
Every POST takes an \`Idempotency-Key\` header (1 to 255 visible ASCII characters). Repeating the request with the
same key and body within 24 hours answers the first answer again, with \`Idempotent-Replayed: true\`, instead of
acting twice; the same key with another body answers 422; a repeat while the first is still running answers 409
(\`idempotency_in_progress\`).

## Optimistic locking and conditional reads
Records carry an integer \`version\`, also sent as the \`ETag\` of a read or a change. Send it back as \`If-Match\`
on PATCH: if someone changed the record meanwhile the answer is 409 (\`stale_version\`, with
\`details.expected_version\`): read it again and repeat the change. Send an \`ETag\` as \`If-None-Match\` on a GET
to get 304 without a body while nothing changed.

## Errors
Every error has one shape, \`ErrorEnvelope\`: \`{ error, message, request_id, details: { error, … } }\`.
\`error\` is the class (\`validation_error\`, \`not_found\`, …), \`details.error\` the specific code
(\`stale_version\`, \`duplicate_id\`, …), \`details.fields\` lists each invalid field as \`{ field, message }\`.
Quote \`request_id\` (also the \`X-Request-Id\` header) to support.

## Rate limits
Each token may make a limited number of requests per minute. Answers carry \`X-RateLimit-Limit\`,
\`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (seconds); past the limit the answer is 429 with
\`Retry-After\` (seconds).

## Webhooks
An administrator subscribes an https URL to events with \`POST /webhooks\` (the signing secret is shown only in
that answer). Each event is sent as a POST with the JSON body \`{ event, data: { entityType, entityId, … }, ts }\`
(see the \`webhooks\` section of this document), with \`X-Webhook-Id\` (the event id, the same on every attempt:
use it to drop repeats) and \`X-Webhook-Timestamp\` (Unix seconds). Answer 2xx quickly; failed deliveries are retried up to 5 times
(after 1 min, 5 min, 30 min, 2 h, 8 h). Delivery is best effort: poll the lists to be sure of being in sync.

### Verifying a signature
\`X-Webhook-Signature\` is the hex HMAC-SHA256 of the raw request body keyed with the subscription's secret.
Compute it over the bytes exactly as received (before parsing the JSON) and compare in constant time:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';
const expected = createHmac('sha256', secret).update(rawBody).digest();
const given = Buffer.from(request.headers['x-webhook-signature'] ?? '', 'hex');
const valid = given.length === expected.length && timingSafeEqual(given, expected);
\`\`\`
`;
