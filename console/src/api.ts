/** Calls to the server with the signed-in token; every error becomes an ApiError with the envelope's message. */
const TOKEN_KEY = 'bizplat.adminToken';

export const ADMIN = '/api/admin/v1';
export const PUBLIC = '/api/public/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The console session's CSRF token, when signed in with a password (the session itself is an HttpOnly cookie). */
let csrfToken: string | null = null;

export function useCsrfToken(value: string | null): void {
  csrfToken = value;
}

export function savedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string | null): void {
  if (token === null) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

export async function call<T>(method: string, url: string, body?: unknown, token = savedToken()): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers['x-api-token'] = token;
  else if (csrfToken && method !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const message = parsed && typeof parsed === 'object' && 'message' in parsed ? String(parsed.message) : `HTTP ${res.status}`;
    throw new ApiError(res.status, message);
  }
  return parsed as T;
}

/** The sign-in check: the settings answer only to an administrator's admin:all token. */
export async function signIn(token: string): Promise<void> {
  try {
    await call('GET', `${ADMIN}/settings`, undefined, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, 'This token is not valid: it is unknown, revoked or expired.');
    if (error instanceof ApiError && error.status === 403) {
      throw new ApiError(403, 'This token is not an administrator\'s: the console needs an admin:all token whose owner holds every role right.');
    }
    throw error;
  }
  saveToken(token);
}

export function when(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
