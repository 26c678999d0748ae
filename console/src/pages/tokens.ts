import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, call, message, when } from '../api.ts';
import { Id, Problem, ShownOnce, useLoad } from '../ui.ts';
import type { Notify } from '../ui.ts';
import type { User } from './users.ts';

interface Token {
  id: string;
  name: string;
  scopes: string[];
  owner: { id: string; name: string };
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

export function TokensPage(props: { scopes: string[]; notify: Notify }) {
  const tokens = useLoad(() => call<{ items: Token[] }>('GET', `${ADMIN}/tokens`));
  const users = useLoad(() => call<{ items: User[] }>('GET', `${ADMIN}/users`));
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [expires, setExpires] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [shown, setShown] = useState<string | null>(null);

  const toggle = (scope: string) => setScopes(scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope]);
  const create = async (e: Event) => {
    e.preventDefault();
    if (scopes.length === 0) return props.notify('Choose at least one scope.', 'error');
    try {
      const created = await call<{ token: string }>('POST', `${ADMIN}/tokens`, {
        scopes,
        ...(name ? { name } : {}),
        ...(owner ? { userId: owner } : {}),
        ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
      });
      setShown(created.token);
      setName('');
      setScopes([]);
      tokens.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const revoke = async (token: Token) => {
    if (!window.confirm(`Revoke the token "${token.name}"? It stops working at once.`)) return;
    try {
      await call('DELETE', `${ADMIN}/tokens/${token.id}`);
      props.notify(`The token "${token.name}" is revoked.`);
      tokens.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };

  return html`<section aria-labelledby="tokens-title">
    <h2 id="tokens-title">API tokens</h2>
    <${Problem} text=${tokens.error} />
    <div class="table"><table class="stack" aria-labelledby="tokens-title">
      <thead><tr><th>Name</th><th>Owner</th><th>Scopes</th><th>Created</th><th>Last used</th><th>Expires</th><th>Status</th></tr></thead>
      <tbody>${(tokens.data?.items ?? []).map((t) => html`<tr key=${t.id}>
        <td data-label="Name">${t.name}<${Id} value=${t.id} label=${`token ${t.name}`} /></td><td data-label="Owner">${t.owner.name}<${Id} value=${t.owner.id} label=${`owner of ${t.name}`} /></td><td data-label="Scopes">${t.scopes.join(', ')}</td>
        <td data-label="Created">${when(t.createdAt)}</td><td data-label="Last used">${when(t.lastUsedAt)}</td><td data-label="Expires">${when(t.expiresAt)}</td>
        <td data-label="Status">${t.revokedAt ? `revoked ${when(t.revokedAt)}` : html`<button type="button" class="danger" aria-label=${`Revoke ${t.name}`} onClick=${() => revoke(t)}>Revoke</button>`}</td>
      </tr>`)}</tbody>
    </table></div>
    <form class="card" onSubmit=${create} aria-labelledby="new-token">
      <h3 id="new-token">New token</h3>
      <label>Name <input maxlength="200" value=${name} placeholder="API token" onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} /></label>
      <label>Owner <select value=${owner} onChange=${(e: Event) => setOwner((e.target as HTMLSelectElement).value)}>
        <option value="">me</option>
        ${(users.data?.items ?? []).filter((u) => u.active).map((u) => html`<option key=${u.id} value=${u.id}>${u.name}</option>`)}
      </select></label>
      <label>Expires (optional) <input type="datetime-local" value=${expires} onInput=${(e: Event) => setExpires((e.target as HTMLInputElement).value)} /></label>
      <fieldset class="picker"><legend>Scopes</legend>
        ${props.scopes.map((scope) => html`<label key=${scope}><input type="checkbox" checked=${scopes.includes(scope)} onChange=${() => toggle(scope)} /> ${scope}</label>`)}
      </fieldset>
      <button class="primary">Create token</button>
    </form>
    ${shown !== null
      ? html`<${ShownOnce} title="Your new token" value=${shown} note="Copy it now: it is shown only this once. The server keeps only a hash of it." onClose=${() => setShown(null)} />`
      : null}
  </section>`;
}
