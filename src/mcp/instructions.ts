/**
 * What every tool shares, said once at initialize instead of on each tool (the tool list stays
 * small enough for an agent's context).
 */
export const INSTRUCTIONS = [
  'Tools are the operations of the bizplat public API v1 that this token may call (its scopes and its user\'s rights); bizplat://openapi/{area} holds each area\'s full contract.',
  'Arguments: path parameters and the request body\'s fields side by side; unknown arguments and fields are refused; text never holds a NUL character.',
  'Every field is checked as the API checks it (phones, emails, lengths, bounds), and a refusal names the field and why; amounts of money take at most two fraction digits, quantities and stock levels three.',
  'Lists answer {items, total, limit, offset, next_cursor}, items as the get tool of the kind answers them: limit 1-200 (default 50), pass next_cursor as cursor for the next page;',
  'include_archived=true lists archived records too; updated_since (ISO 8601) lists only records changed since, for a sync.',
  'A create answers the record at version 1; a change (update…) changes only the fields sent, null clears an optional field (fields are typed without null), if_match takes the version last read and refuses a change made meanwhile (409 stale_version).',
  'A write that takes an idempotency_key needs one: a fresh key per intended change, repeated on a retry, so the change is made once.',
  'A write whose description says it needs the user\'s confirmation is confirmed by the user: the client asks the user when it supports elicitation;',
  'otherwise call it with confirm: true only after the user agreed to this exact change.',
  'A refused call is a tool error whose text is the API\'s error envelope {error, message, request_id, details}.',
].join(' ');
