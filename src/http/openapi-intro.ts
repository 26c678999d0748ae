/** The introduction of the OpenAPI document (`info.description`, Markdown). */
export const API_INTRODUCTION = `The public REST API v1 of bizplat, an open business platform: CRM, inventory and webhooks.
Every path is relative to the base address, which ends in \`/api/public/v1\`. Requests and answers are JSON
(\`application/json; charset=utf-8\`).

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
