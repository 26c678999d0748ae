import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, PUBLIC, call, message, when } from '../api.ts';
import { DeliveryChart } from '../chart.ts';
import type { Hour } from '../chart.ts';
import { Problem, ShownOnce, useLoad } from '../ui.ts';
import { DeliveriesSwitch } from './deliveries.ts';
import type { Notify } from '../ui.ts';

interface Subscription {
  id: string;
  name: string;
  url: string;
  events: string[];
  isActive: boolean;
  includeRecord: boolean;
  failureCount: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

interface Delivery {
  id: string;
  subscriptionId: string;
  event: string;
  status: string;
  createdAt: string;
  attempts: Array<{ attempt: number; at: string; ok: boolean; statusCode: number | null; durationMs: number; error: string | null }>;
}

const STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'];

function Subscriptions(props: { notify: Notify; subs: ReturnType<typeof useLoad<{ items: Subscription[] }>> }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState('*');
  const [includeRecord, setIncludeRecord] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      const list = events.trim() === '*' ? '*' : events.split(',').map((s) => s.trim()).filter(Boolean);
      const created = await call<{ secret: string }>('POST', `${PUBLIC}/webhooks`, { name, url, events: list, includeRecord });
      setSecret(created.secret);
      setName('');
      setUrl('');
      setIncludeRecord(false);
      props.subs.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const [rotated, setRotated] = useState<{ secret: string; until: string | null } | null>(null);
  const rotate = async (sub: Subscription) => {
    if (!window.confirm(`Replace the signing secret of "${sub.name}"? The current one keeps signing for the overlap period only.`)) return;
    try {
      const done = await call<{ secret: string; previousSecretExpiresAt: string | null }>('POST', `${PUBLIC}/webhooks/${sub.id}/rotate-secret`);
      setRotated({ secret: done.secret, until: done.previousSecretExpiresAt });
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const disable = async (sub: Subscription) => {
    if (!window.confirm(`Disable the subscription "${sub.name}"? Its queued deliveries are cancelled.`)) return;
    try {
      await call('DELETE', `${PUBLIC}/webhooks/${sub.id}`);
      props.notify(`The subscription "${sub.name}" is disabled.`);
      props.subs.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<div>
    <h3>Subscriptions</h3>
    <${Problem} text=${props.subs.error} />
    <div class="table"><table>
      <thead><tr><th>Name</th><th>URL</th><th>Events</th><th>Status</th><th>Failures</th><th>Last success</th><th><span class="sr">Actions</span></th></tr></thead>
      <tbody>${(props.subs.data?.items ?? []).map((s) => html`<tr key=${s.id}>
        <td>${s.name}</td><td class="wrap">${s.url}</td><td>${s.events.join(', ')}${s.includeRecord ? ' (with record)' : ''}</td><td>${s.isActive ? 'active' : 'disabled'}</td>
        <td>${s.failureCount}</td><td>${when(s.lastSuccessAt)}</td>
        <td>${s.isActive
          ? html`<button type="button" aria-label=${`Rotate secret of ${s.name}`} onClick=${() => rotate(s)}>Rotate secret</button> <button type="button" class="danger" onClick=${() => disable(s)}>Disable</button>`
          : null}</td>
      </tr>`)}</tbody>
    </table></div>
    <form class="card" onSubmit=${create} aria-labelledby="new-sub">
      <h3 id="new-sub">New subscription</h3>
      <label>Name <input required maxlength="200" value=${name} onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} /></label>
      <label>URL (https) <input required type="url" value=${url} onInput=${(e: Event) => setUrl((e.target as HTMLInputElement).value)} /></label>
      <label>Events (comma-separated, or *) <input required value=${events} onInput=${(e: Event) => setEvents((e.target as HTMLInputElement).value)} /></label>
      <label class="check"><input type="checkbox" checked=${includeRecord} onChange=${(e: Event) => setIncludeRecord((e.target as HTMLInputElement).checked)} /> Include the record in each delivery</label>
      <button class="primary">Create subscription</button>
    </form>
    ${secret !== null
      ? html`<${ShownOnce} title="Signing secret" value=${secret} note="Deliveries are signed with this secret. Copy it now: it is shown only this once." onClose=${() => setSecret(null)} />`
      : null}
    ${rotated !== null
      ? html`<${ShownOnce} title="New signing secret" value=${rotated.secret}
          note=${`Copy it now: it is shown only this once. ${rotated.until === null ? 'The previous secret no longer signs.' : `Deliveries are also signed with the previous secret until ${when(rotated.until)}.`}`}
          onClose=${() => setRotated(null)} />`
      : null}
  </div>`;
}

export function WebhooksPage(props: { notify: Notify }) {
  const subs = useLoad(() => call<{ items: Subscription[] }>('GET', `${PUBLIC}/webhooks`));
  const [status, setStatus] = useState('');
  const [subscription, setSubscription] = useState('');
  const query = new URLSearchParams({ limit: '100', ...(status ? { status } : {}), ...(subscription ? { subscription } : {}) });
  const log = useLoad(() => call<{ deliveries: Delivery[] }>('GET', `${ADMIN}/webhooks/deliveries?${query.toString()}`));
  const hourly = useLoad(() => call<{ hours: Hour[] }>('GET', `${ADMIN}/webhooks/deliveries/hourly`));
  const [replayTo, setReplayTo] = useState('');
  const [since, setSince] = useState('');
  const nameOf = (id: string) => subs.data?.items.find((s) => s.id === id)?.name ?? id;
  const refresh = () => {
    log.reload();
    hourly.reload();
    subs.reload();
  };
  const filter = (set: (v: string) => void) => (e: Event) => {
    set((e.target as HTMLSelectElement).value);
    setTimeout(log.reload, 0);
  };
  const redeliver = async (d: Delivery) => {
    try {
      const outcome = await call<{ ok: boolean; statusCode: number | null; durationMs: number; error: string | null }>('POST', `${ADMIN}/webhooks/deliveries/${d.id}/redeliver`);
      props.notify(
        outcome.ok ? `Redelivered: HTTP ${outcome.statusCode} in ${outcome.durationMs} ms.` : `Redelivery failed: ${outcome.error ?? `HTTP ${outcome.statusCode}`}.`,
        outcome.ok ? 'ok' : 'error',
      );
      refresh();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const replay = async (e: Event) => {
    e.preventDefault();
    try {
      const done = await call<{ queued: number }>('POST', `${ADMIN}/webhooks/${replayTo}/replay`, { since: new Date(since).toISOString() });
      props.notify(`${done.queued} deliveries queued.`);
      refresh();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const activeSubs = (subs.data?.items ?? []).filter((s) => s.isActive);

  return html`<section aria-labelledby="webhooks-title">
    <h2 id="webhooks-title">Webhooks</h2>
    <${DeliveriesSwitch} notify=${props.notify} />
    <${Subscriptions} notify=${props.notify} subs=${subs} />
    <h3>Deliveries per hour</h3>
    ${hourly.data ? html`<${DeliveryChart} hours=${hourly.data.hours} />` : html`<${Problem} text=${hourly.error} />`}
    <h3 id="log-title">Delivery log</h3>
    <div class="filters">
      <label>Status <select value=${status} onChange=${filter(setStatus)}><option value="">any</option>${STATUSES.map((s) => html`<option key=${s} value=${s}>${s}</option>`)}</select></label>
      <label>Subscription <select value=${subscription} onChange=${filter(setSubscription)}><option value="">any</option>${(subs.data?.items ?? []).map((s) => html`<option key=${s.id} value=${s.id}>${s.name}</option>`)}</select></label>
      <button type="button" onClick=${refresh}>Refresh</button>
    </div>
    <${Problem} text=${log.error} />
    <div class="table"><table aria-labelledby="log-title" class="deliveries stack">
      <thead><tr><th>Created</th><th>Event</th><th>Subscription</th><th>Status</th><th>Attempts (response, duration)</th><th><span class="sr">Actions</span></th></tr></thead>
      <tbody>${(log.data?.deliveries ?? []).map((d) => html`<tr key=${d.id}>
        <td data-label="Created">${when(d.createdAt)}</td><td data-label="Event">${d.event}</td><td data-label="Subscription">${nameOf(d.subscriptionId)}</td><td data-label="Status" class=${`state ${d.status}`}>${d.status}</td>
        <td data-label="Attempts"><ol class="attempts">${d.attempts.map((a) => html`<li key=${a.attempt} class=${a.ok ? 'ok' : 'failed'}>
          ${a.statusCode === null ? (a.error ?? 'no answer') : `HTTP ${a.statusCode}`} · ${a.durationMs} ms</li>`)}</ol></td>
        <td data-label=" "><button type="button" onClick=${() => redeliver(d)}>Redeliver</button></td>
      </tr>`)}</tbody>
    </table></div>
    <form class="card" onSubmit=${replay} aria-labelledby="replay-title">
      <h3 id="replay-title">Replay events</h3>
      <label>Subscription <select required value=${replayTo} onChange=${(e: Event) => setReplayTo((e.target as HTMLSelectElement).value)}>
        <option value="">choose…</option>${activeSubs.map((s) => html`<option key=${s.id} value=${s.id}>${s.name}</option>`)}
      </select></label>
      <label>Since <input required type="datetime-local" value=${since} onInput=${(e: Event) => setSince((e.target as HTMLInputElement).value)} /></label>
      <button class="primary">Replay</button>
    </form>
  </section>`;
}
