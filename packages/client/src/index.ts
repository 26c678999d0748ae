export { createBizplatClient, cursorItems, data, ifMatch, offsetItems } from './client.ts';
export type { BizplatApi, BizplatClientOptions } from './client.ts';
export { BizplatError } from './errors.ts';
export type { ErrorDetails } from './errors.ts';
export { retryAfterMs } from './transport.ts';
export type { RetryOptions } from './transport.ts';
export { verifyWebhook, WebhookSignatureError } from './webhooks.ts';
export type { WebhookEvent } from './webhooks.ts';
export type { components, operations, paths } from './schema.ts';
