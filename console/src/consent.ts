/** The OAuth consent page: an MCP client asks for access; the signed-in user chooses the scopes, or denies. */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, call, message } from './api.ts';
import type { SessionInfo } from './signin.ts';
import { Problem, useLoad } from './ui.ts';

interface ConsentRequest {
  client: { id: string; name: string };
  redirectUri: string;
  offeredScopes: string[];
}

/** The authorization request the server forwarded: `#consent?client_id=…&redirect_uri=…&code_challenge=…&scope=…&state=…`. */
export function consentParams(): URLSearchParams | null {
  return location.hash.startsWith('#consent?') ? new URLSearchParams(location.hash.slice('#consent?'.length)) : null;
}

export function Consent(props: { params: URLSearchParams; session: SessionInfo; onSignOut: () => void }) {
  const clientId = props.params.get('client_id') ?? '';
  const redirectUri = props.params.get('redirect_uri') ?? '';
  const asked = (props.params.get('scope') ?? '').split(' ').filter(Boolean);
  const request = useLoad(() => call<ConsentRequest>('GET', `${ADMIN}/oauth/consent?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri }).toString()}`));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const offered = request.data?.offeredScopes ?? [];
  const scopes = chosen ?? asked.filter((s) => offered.includes(s));
  const toggle = (scope: string) => setChosen(scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope]);
  const answer = async (decision: 'allow' | 'deny') => {
    try {
      const state = props.params.get('state');
      const { redirectTo } = await call<{ redirectTo: string }>('POST', `${ADMIN}/oauth/consent`, {
        clientId, redirectUri, codeChallenge: props.params.get('code_challenge') ?? '', decision, scopes: decision === 'allow' ? scopes : [], ...(state !== null ? { state } : {}),
      });
      location.assign(redirectTo);
    } catch (error) {
      setProblem(message(error));
    }
  };
  let target = redirectUri;
  try {
    target = new URL(redirectUri).origin;
  } catch {
    // Shown as given.
  }
  return html`<main class="signin">
    <h1>bizplat admin</h1>
    <${Problem} text=${request.error} />
    ${request.data ? html`<form class="card" aria-labelledby="consent-title" onSubmit=${(e: Event) => (e.preventDefault(), void answer('allow'))}>
      <h2 id="consent-title">Allow ${request.data.client.name} to act as you?</h2>
      <p>${request.data.client.name} (${target}) asks for access to organization <strong>${props.session.organization.slug}</strong> as ${props.session.user.name}.
        It can do only what the chosen scopes allow and your role rights permit. The token it gets lasts 30 days and is listed, and can be revoked, under Tokens.</p>
      <fieldset class="picker"><legend>Scopes</legend>
        ${offered.map((scope) => html`<label key=${scope}><input type="checkbox" checked=${scopes.includes(scope)} onChange=${() => toggle(scope)} /> ${scope}</label>`)}
      </fieldset>
      <${Problem} text=${problem} />
      <div class="actions">
        <button class="primary" disabled=${scopes.length === 0}>Allow</button>
        <button type="button" onClick=${() => void answer('deny')}>Deny</button>
        <button type="button" class="link" onClick=${props.onSignOut}>Not ${props.session.user.name}? Sign out</button>
      </div>
    </form>` : null}
  </main>`;
}
