import { Type } from '@sinclair/typebox';

/** The one error envelope. */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.String({ description: 'error class: unauthorized, forbidden, not_found, conflict, validation_error, …' }),
    message: Type.String(),
    request_id: Type.String(),
    details: Type.Object(
      {
        error: Type.String({ description: 'the domain error code, e.g. stale_version' }),
        fields: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'ErrorEnvelope', description: 'Every error has this shape.' },
);

/** NUL is refused: PostgreSQL cannot compare text with it, and no id contains it. */
export const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000]*$' }) });

/** Error responses every authenticated route may give, for the OpenAPI document. */
export const ErrorResponses = {
  401: Type.Ref('ErrorEnvelope'),
  403: Type.Ref('ErrorEnvelope'),
  422: Type.Ref('ErrorEnvelope'),
  429: Type.Ref('ErrorEnvelope'),
};
