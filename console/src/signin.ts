/** The sign-in screen: e-mail and password (a session cookie), or an administrator's token as before. */
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ADMIN, ApiError, call, message, signIn, useCsrfToken } from './api.ts';

export interface SessionInfo {
  user: { id: string; name: string; email: string | null };
  organization: { slug: string };
  administrator: boolean;
  rights: string[];
  sessionId: string | null;
  csrfToken: string | null;
}

/** The password session this browser holds, if any (the cookie is sent by the browser itself). */
export async function resumeSession(): Promise<SessionInfo | null> {
  try {
    const session = await call<SessionInfo>('GET', `${ADMIN}/session`, undefined, null);
    useCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export async function endSession(): Promise<void> {
  try {
    await call('DELETE', `${ADMIN}/session`, undefined, null);
  } finally {
    useCsrfToken(null);
  }
}

export function SignIn(props: { onSignedIn: (session: SessionInfo | null) => void; purpose?: string }) {
  const [withToken, setWithToken] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The first field takes the cursor when the form shows and when it switches between password and token.
  useEffect(() => form.current?.querySelector('input')?.focus(), [withToken]);
  const value = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLInputElement).value);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      if (withToken) {
        await signIn(token.trim());
        props.onSignedIn(null);
      } else {
        const session = await call<SessionInfo>('POST', `${ADMIN}/session`, { email: email.trim(), password }, null);
        useCsrfToken(session.csrfToken);
        props.onSignedIn(session);
      }
    } catch (error) {
      setProblem(message(error));
    } finally {
      setBusy(false);
    }
  };
  const insecure = !window.isSecureContext;
  return html`<main class="signin">
    <h1>bizplat admin</h1>
    ${props.purpose ? html`<p>${props.purpose}</p>` : null}
    <form class="card" ref=${form} onSubmit=${submit} aria-labelledby="signin-title">
      <h2 id="signin-title">Sign in</h2>
      ${withToken
        ? html`<label>Administrator token
            <input type="password" name="token" autocomplete="off" required value=${token} onInput=${value(setToken)} />
          </label>
          <p class="hint">Paste an <code>admin:all</code> token of an administrator. It is kept in this tab only, until you sign out or close it.</p>`
        : html`<label>E-mail <input type="email" name="email" autocomplete="username" required value=${email} onInput=${value(setEmail)} /></label>
          <label>Password <input type="password" name="password" autocomplete="current-password" required value=${password} onInput=${value(setPassword)} /></label>
          ${insecure ? html`<p class="problem">This page is not served over https: the browser will not keep the sign-in. Use https, or sign in with a token.</p>` : null}`}
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
      <div class="actions">
        <button class="primary" disabled=${busy}>Sign in</button>
        <button type="button" class="link" onClick=${() => (setWithToken(!withToken), setProblem(undefined))}>${withToken ? 'Sign in with e-mail and password' : 'Sign in with a token instead'}</button>
      </div>
    </form>
  </main>`;
}

/** A signed-in user without every role right: the console's pages are for administrators. */
export function NotAdministrator(props: { session: SessionInfo; onSignOut: () => void }) {
  return html`<main class="signin">
    <h1>bizplat admin</h1>
    <div class="card">
      <p>You are signed in as ${props.session.user.name}, who is not an administrator: the console's pages need every role right.</p>
      <button type="button" onClick=${props.onSignOut}>Sign out</button>
    </div>
  </main>`;
}
