/** The admin console: sign-in with e-mail and password (signin.ts) or a pasted admin token, then one page per area. */
import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ADMIN, call, message, saveToken, savedToken } from './api.ts';
import { AuditPage } from './pages/audit.ts';
import { SessionsPage } from './pages/sessions.ts';
import { ProcessesPage } from './pages/processes.ts';
import { SettingsPage } from './pages/settings.ts';
import { TokensPage } from './pages/tokens.ts';
import { UsersPage } from './pages/users.ts';
import { WebhooksPage } from './pages/webhooks.ts';
import { Consent, consentParams } from './consent.ts';
import { endSession, NotAdministrator, resumeSession, SignIn } from './signin.ts';
import type { SessionInfo } from './signin.ts';
import type { Notify } from './ui.ts';

const PAGES = [
  ['users', 'Users and rights'],
  ['tokens', 'Tokens'],
  ['webhooks', 'Webhooks'],
  ['processes', 'Processes'],
  ['audit', 'Audit trail'],
  ['sessions', 'Sessions'],
  ['settings', 'Settings'],
] as const;
type Page = (typeof PAGES)[number][0];

function pageFromHash(): Page {
  const name = location.hash.slice(1);
  return PAGES.find(([p]) => p === name)?.[0] ?? 'users';
}

function Console(props: { onSignOut: () => void }) {
  const [page, setPage] = useState<Page>(pageFromHash());
  const [status, setStatus] = useState<{ text: string; kind: 'ok' | 'error' } | null>(null);
  const [catalog, setCatalog] = useState<{ scopes: string[]; rights: string[] } | null>(null);
  const [org, setOrg] = useState('');
  const [version, setVersion] = useState('');
  useEffect(() => {
    const onHash = () => setPage(pageFromHash());
    window.addEventListener('hashchange', onHash);
    call<{ scopes: string[]; rights: string[] }>('GET', `${ADMIN}/catalog`).then(setCatalog, (e: unknown) => setStatus({ text: message(e), kind: 'error' }));
    call<{ name: string; version: string }>('GET', `${ADMIN}/settings`).then((s) => (setOrg(s.name), setVersion(s.version)), () => undefined);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const notify: Notify = (text, kind = 'ok') => setStatus({ text, kind });
  // The status line speaks of the last action only: the next one clears it before it runs.
  const clearOnAction = (e: Event) => {
    if (e.target instanceof Element && e.target.closest('button, [role="switch"]')) setStatus(null);
  };
  const body = !catalog
    ? html`<p>Loading…</p>`
    : page === 'users' ? html`<${UsersPage} rights=${catalog.rights} notify=${notify} />`
    : page === 'tokens' ? html`<${TokensPage} scopes=${catalog.scopes} notify=${notify} />`
    : page === 'webhooks' ? html`<${WebhooksPage} notify=${notify} />`
    : page === 'processes' ? html`<${ProcessesPage} notify=${notify} />`
    : page === 'audit' ? html`<${AuditPage} />`
    : page === 'sessions' ? html`<${SessionsPage} notify=${notify} />`
    : html`<${SettingsPage} notify=${notify} />`;
  return html`<div class="shell">
    <header>
      <h1>bizplat admin <small>${org}</small></h1>
      <button type="button" onClick=${props.onSignOut}>Sign out</button>
    </header>
    <nav aria-label="Sections"><ul>
      ${PAGES.map(([p, label]) => html`<li key=${p}><a href=${`#${p}`} aria-current=${p === page ? 'page' : undefined} onClick=${() => setStatus(null)}>${label}</a></li>`)}
    </ul></nav>
    <div class=${`status ${status?.kind ?? ''}`} role="status" aria-live="polite">${status?.text ?? ''}</div>
    <main key=${page} onClickCapture=${clearOnAction} onSubmitCapture=${() => setStatus(null)}>${body}</main>
    <footer>bizplat ${version ? html`<span class="version">version ${version}</span>` : null}</footer>
  </div>`;
}

/** Signed in with a token (this tab), with a password (a session cookie: asked for at start), or not. */
function App() {
  const [signedIn, setSignedIn] = useState<'token' | SessionInfo | 'checking' | null>(savedToken() !== null ? 'token' : 'checking');
  useEffect(() => {
    if (signedIn === 'checking') resumeSession().then(setSignedIn, () => setSignedIn(null));
  }, []);
  const signOut = () => {
    if (signedIn === 'token') saveToken(null);
    else void endSession().catch(() => undefined);
    setSignedIn(null);
  };
  if (signedIn === 'checking') return html`<p class="loading">Loading the admin console…</p>`;
  // An MCP client's authorization request (OAuth): consent needs a password sign-in.
  const consent = consentParams();
  if (consent !== null) {
    return signedIn !== null && signedIn !== 'token'
      ? html`<${Consent} params=${consent} session=${signedIn} onSignOut=${signOut} />`
      : html`<${SignIn} purpose="An application asks for access to your organization: sign in with e-mail and password to choose what it may do." onSignedIn=${(session: SessionInfo | null) => setSignedIn(session ?? 'token')} />`;
  }
  if (signedIn === null) return html`<${SignIn} onSignedIn=${(session: SessionInfo | null) => setSignedIn(session ?? 'token')} />`;
  if (signedIn !== 'token' && !signedIn.administrator) return html`<${NotAdministrator} session=${signedIn} onSignOut=${signOut} />`;
  return html`<${Console} onSignOut=${signOut} />`;
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(html`<${App} />`, root);
}
