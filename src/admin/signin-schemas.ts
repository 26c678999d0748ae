import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../http/components.ts';
import { DateTime, Nullable, Text } from '../http/schemas.ts';
import { MAX_PASSWORD_LENGTH } from '../platform/passwords.ts';

export const SignInBody = named(
  'AdminSignIn',
  Type.Object(
    {
      email: Text({ minLength: 3, maxLength: 320, description: 'the e-mail address the password was set for' }),
      password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
    },
    { additionalProperties: false },
  ),
);
export type SignInBody = Static<typeof SignInBody>;

export const ConsoleSession = named(
  'AdminConsoleSession',
  Type.Object(
    {
      user: Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()) }),
      organization: Type.Object({ slug: Type.String() }),
      administrator: Type.Boolean({ description: 'whether the user holds every role right (the admin API answers only them)' }),
      rights: Type.Array(Type.String()),
      sessionId: Nullable(Type.String({ description: 'null when the request came with an API token' })),
      csrfToken: Nullable(Type.String({ description: 'send it as X-CSRF-Token with every change made with the session cookie' })),
      expiresAt: Nullable(DateTime()),
    },
    { description: 'Who the console is signed in as.' },
  ),
);
export type ConsoleSession = Static<typeof ConsoleSession>;

export const SignedOut = named('AdminSignedOut', Type.Object({ signedOut: Type.Literal(true) }));

const SessionListing = named(
  'AdminSession',
  Type.Object(
    {
      id: Type.String(),
      user: Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()) }),
      createdAt: DateTime(),
      lastSeenAt: DateTime({ description: 'to the minute' }),
      expiresAt: DateTime(),
      address: Type.String({ description: 'where the sign-in came from' }),
      userAgent: Type.String(),
      current: Type.Boolean({ description: 'the session this request was made with' }),
    },
    { description: 'A live console session (signed in with a password).' },
  ),
);
export const SessionList = named('AdminSessionList', Type.Object({ items: Type.Array(SessionListing) }));
export const EndedSession = named('AdminEndedSession', Type.Object({ id: Type.String(), ended: Type.Literal(true) }));
