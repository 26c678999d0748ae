/** The delivery log: filters, one page at a time with "Load older", Redeliver on failed rows, the hourly chart and replay. */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, call, message, when } from '../api.ts';
import { DeliveryChart } from '../chart.ts';
import type { Hour } from '../chart.ts';
import { Id, Problem, useLoad, usePages } from '../ui.ts';
import type { Notify } from '../ui.ts';
import type { Subscription } from './webhooks.ts';

interface Delivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  event: string;
  recordId: string | null;
  status: string;
  attemptCount: number;
  createdAt: string;
  attempts: Array<{ attempt: number; at: string; ok: boolean; statusCode: number | null; durationMs: number; error: string | null }>;
}
interface LogPage {
  deliveries: Delivery[];
  nextCursor: string | null;
}

const STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'];
const PAGE = 50;

/** A failed delivery, or a pending one whose last attempt failed (a retry is waiting): worth sending again now. */
const redeliverable = (d: Delivery) => d.status === 'failed' || (d.status === 'pending' && d.attemptCount > 0);

interface Filters {
  status: string;
  subscription: string;
  event: string;
  recordId: string;
  from: string;
  to: string;
}
const NONE: Filters = { status: '', subscription: '', event: '', recordId: '', from: '', to: '' };

function queryOf(f: Filters, cursor?: string): string {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (f.status) q.set('status', f.status);
  if (f.subscription) q.set('subscription', f.subscription);
  if (f.event) q.set('event', f.event);
  if (f.recordId.trim()) q.set('recordId', f.recordId.trim());
  if (f.from) q.set('from', new Date(`${f.from}T00:00:00Z`).toISOString());
  if (f.to) q.set('to', new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString());
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

export function DeliveryLog(props: { notify: Notify; subs: Subscription[]; onChange: () => void }) {
  const [draft, setDraft] = useState<Filters>(NONE);
  const [applied, setApplied] = useState<Filters>(NONE);
  const log = useLoad(() => call<LogPage>('GET', `${ADMIN}/webhooks/deliveries?${queryOf(applied)}`));
  const hourly = useLoad(() => call<{ hours: Hour[] }>('GET', `${ADMIN}/webhooks/deliveries/hourly`));
  const catalog = useLoad(() => call<{ events: string[] }>('GET', '/api/public/v1/webhooks/event-catalog'));
  const pages = usePages(log.data && { items: log.data.deliveries, nextCursor: log.data.nextCursor }, async (cursor) => {
    const page = await call<LogPage>('GET', `${ADMIN}/webhooks/deliveries?${queryOf(applied, cursor)}`);
    return { items: page.deliveries, nextCursor: page.nextCursor };
  });
  const [replayTo, setReplayTo] = useState('');
  const [since, setSince] = useState('');
  const nameOf = (id: string) => props.subs.find((s) => s.id === id)?.name ?? id;
  const refresh = () => {
    log.reload();
    hourly.reload();
    props.onChange();
  };
  const set = (field: keyof Filters) => (e: Event) => setDraft({ ...draft, [field]: (e.target as HTMLInputElement | HTMLSelectElement).value });
  const apply = (e: Event) => {
    e.preventDefault();
    setApplied(draft);
    setTimeout(refresh, 0);
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
  const more = async () => {
    try {
      await pages.load();
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

  return html`<div>
    <h3>Deliveries per hour</h3>
    ${hourly.data ? html`<${DeliveryChart} hours=${hourly.data.hours} />` : html`<${Problem} text=${hourly.error} />`}
    <h3 id="log-title">Delivery log</h3>
    <form class="filters" onSubmit=${apply} aria-label="Filter the delivery log">
      <label>Status <select value=${draft.status} onChange=${set('status')}><option value="">any</option>${STATUSES.map((s) => html`<option key=${s} value=${s}>${s}</option>`)}</select></label>
      <label>Subscription <select value=${draft.subscription} onChange=${set('subscription')}><option value="">any</option>${props.subs.map((s) => html`<option key=${s.id} value=${s.id}>${s.name}</option>`)}</select></label>
      <label>Event <select value=${draft.event} onChange=${set('event')}><option value="">any</option>${(catalog.data?.events ?? []).filter((e) => e !== '*').map((e) => html`<option key=${e} value=${e}>${e}</option>`)}</select></label>
      <label>Record id <input value=${draft.recordId} onInput=${set('recordId')} /></label>
      <label>From (UTC day) <input type="date" value=${draft.from} onInput=${set('from')} /></label>
      <label>To (UTC day) <input type="date" value=${draft.to} onInput=${set('to')} /></label>
      <button class="primary">Apply filters</button>
      <button type="button" onClick=${refresh}>Refresh</button>
    </form>
    <${Problem} text=${log.error} />
    <div class="table"><table aria-labelledby="log-title" class="deliveries stack">
      <thead><tr><th>Created</th><th>Event</th><th>Subscription</th><th>Status</th><th>Attempts (response, duration)</th><th><span class="sr">Actions</span></th></tr></thead>
      <tbody>${pages.items.map((d) => html`<tr key=${d.id}>
        <td data-label="Created">${when(d.createdAt)}<${Id} value=${d.id} label="delivery" /></td>
        <td data-label="Event">${d.event}<${Id} value=${d.eventId} label="event" />${d.recordId ? html`<small class="id">record ${d.recordId}</small>` : null}</td>
        <td data-label="Subscription">${nameOf(d.subscriptionId)}</td><td data-label="Status" class=${`state ${d.status}`}>${d.status}</td>
        <td data-label="Attempts"><ol class="attempts">${d.attempts.map((a) => html`<li key=${a.attempt} class=${a.ok ? 'ok' : 'failed'}>
          ${a.statusCode === null ? (a.error ?? 'no answer') : `HTTP ${a.statusCode}`} · ${a.durationMs} ms</li>`)}</ol></td>
        <td data-label="Actions">${redeliverable(d) ? html`<button type="button" onClick=${() => redeliver(d)}>Redeliver</button>` : null}</td>
      </tr>`)}</tbody>
    </table></div>
    ${log.data && pages.items.length === 0 ? html`<p>No deliveries match.</p>` : null}
    ${pages.next !== null ? html`<button type="button" onClick=${more}>Load older deliveries</button>` : null}
    <form class="card" onSubmit=${replay} aria-labelledby="replay-title">
      <h3 id="replay-title">Replay events</h3>
      <label>Subscription <select required value=${replayTo} onChange=${(e: Event) => setReplayTo((e.target as HTMLSelectElement).value)}>
        <option value="">choose…</option>${props.subs.filter((s) => s.isActive).map((s) => html`<option key=${s.id} value=${s.id}>${s.name}</option>`)}
      </select></label>
      <label>Since <input required type="datetime-local" value=${since} onInput=${(e: Event) => setSince((e.target as HTMLInputElement).value)} /></label>
      <button class="primary">Replay</button>
    </form>
  </div>`;
}
