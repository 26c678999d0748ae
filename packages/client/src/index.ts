export { createBizplatClient, data, ifMatch } from './client.ts';
export type { BizplatApi, BizplatClientOptions } from './client.ts';
export type { Middleware } from 'openapi-fetch';
export {
  BizplatAuthenticationError,
  BizplatConflictError,
  BizplatConnectionError,
  BizplatError,
  BizplatNotFoundError,
  BizplatPermissionError,
  BizplatRateLimitError,
  BizplatServerError,
  BizplatTimeoutError,
  BizplatValidationError,
  retryAfterMs,
} from './errors.ts';
export type { BizplatErrorInit, ErrorDetails } from './errors.ts';
export { cursorItems, eventFeed, listItems, offsetItems } from './pagination.ts';
export type { EventFeedOptions, FeedEvent, ListFilters, ListItem, ListPath, Positioned } from './pagination.ts';
export type { CallOptions, RetryOptions } from './transport.ts';
export { VERSION } from './version.ts';
export { generateTestHeaders, verifyWebhook, WebhookSecretNotShownError, WebhookSignatureError } from './webhooks.ts';
export type { TestHeadersOptions, VerifyWebhookOptions, WebhookEvent, WebhookFailure, WebhookHeaders } from './webhooks.ts';
export type { components, operations, paths } from './schema.ts';
