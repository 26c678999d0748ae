/** The admin console: sign-in with a pasted admin token (kept in this tab's session storage), then one page per area. */
import { html } from 'htm/preact';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ADMIN, call, message, saveToken, savedToken, signIn } from './api.ts';
import { AuditPage } from './pages/audit.ts';
import { ProcessesPage } from './pages/processes.ts';
import { SettingsPage } from './pages/settings.ts';
import { TokensPage } from './pages/tokens.ts';
import { UsersPage } from './pages/users.ts';
import { WebhooksPage } from './pages/webhooks.ts';
import type { Notify } from './ui.ts';

const PAGES = [
  ['users', 'Users and rights'],
  ['tokens', 'Tokens'],
  ['webhooks', 'Webhooks'],
  ['processes', 'Processes'],
  ['audit', 'Audit trail'],
  ['settings', 'Settings'],
] as const;
type Page = (typeof PAGES)[number][0];

function pageFromHash(): Page {
  const name = location.hash.slice(1);
  return PAGES.find(([p]) => p === name)?.[0] ?? 'users';
}

function SignIn(props: { onSignedIn: () => void }) {
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      await signIn(token.trim());
      props.onSignedIn();
    } catch (error) {
      setProblem(message(error));
    }
  };
  return html`<main class="signin">
    <h1>bizplat admin</h1>
    <form class="card" onSubmit=${submit}>
      <label>Administrator token
        <input type="password" name="token" autocomplete="off" required autofocus value=${token} onInput=${(e: Event) => setToken((e.target as HTMLInputElement).value)} />
      </label>
      <p class="hint">Paste an <code>admin:all</code> token of an administrator. It is kept in this tab only, until you sign out or close it.</p>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
      <button class="primary">Sign in</button>
    </form>
  </main>`;
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

function App() {
  const [signedIn, setSignedIn] = useState(savedToken() !== null);
  const signOut = () => {
    saveToken(null);
    setSignedIn(false);
  };
  return signedIn ? html`<${Console} onSignOut=${signOut} />` : html`<${SignIn} onSignedIn=${() => setSignedIn(true)} />`;
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(html`<${App} />`, root);
}
