import { html } from 'htm/preact';
import { ADMIN, call, message, when } from '../api.ts';
import { Problem, useLoad } from '../ui.ts';
import type { Notify } from '../ui.ts';

interface Session {
  id: string;
  user: { id: string; name: string; email: string | null };
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  address: string;
  userAgent: string;
  current: boolean;
}

/** The live password sign-ins of the organization; ending one signs that browser out at once. */
export function SessionsPage(props: { notify: Notify }) {
  const sessions = useLoad(() => call<{ items: Session[] }>('GET', `${ADMIN}/sessions`));
  const end = async (session: Session) => {
    if (!window.confirm(`Sign ${session.user.name} out of the session from ${session.address}?`)) return;
    try {
      await call('DELETE', `${ADMIN}/sessions/${session.id}`);
      props.notify(`The session of ${session.user.name} has ended.`);
      if (session.current) location.reload();
      else sessions.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<section aria-labelledby="sessions-title">
    <h2 id="sessions-title">Console sessions</h2>
    <p class="hint">People signed in to this console with e-mail and password. A session lasts 12 hours; ending it signs that browser out at once.</p>
    <${Problem} text=${sessions.error} />
    <div class="table"><table class="stack">
      <thead><tr><th>User</th><th>Signed in</th><th>Last seen</th><th>Expires</th><th>From</th><th>Session</th></tr></thead>
      <tbody>${(sessions.data?.items ?? []).map((s) => html`<tr key=${s.id}>
        <td data-label="User">${s.user.name}${s.user.email ? html`<span class="id">${s.user.email}</span>` : null}</td>
        <td data-label="Signed in">${when(s.createdAt)}</td><td data-label="Last seen">${when(s.lastSeenAt)}</td><td data-label="Expires">${when(s.expiresAt)}</td>
        <td data-label="From" class="wrap">${s.address}<span class="id">${s.userAgent}</span></td>
        <td data-label="Session"><span class="id">${s.id}</span>${s.current ? ' (this one) ' : ' '}<button type="button" class="danger" aria-label=${`End the session of ${s.user.name} from ${s.address}`} onClick=${() => end(s)}>End</button></td>
      </tr>`)}</tbody>
    </table></div>
    ${sessions.data && sessions.data.items.length === 0 ? html`<p>No one is signed in with a password.</p>` : null}
  </section>`;
}
