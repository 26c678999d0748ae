import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, PUBLIC, call, message, when } from '../api.ts';
import { DeliveryLog } from './delivery-log.ts';
import { Id, Problem, ShownOnce, useLoad } from '../ui.ts';
import { DeliveriesSwitch } from './deliveries.ts';
import type { Notify } from '../ui.ts';

export interface Subscription {
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
  const enable = async (sub: Subscription) => {
    try {
      await call('POST', `${ADMIN}/webhooks/${sub.id}/enable`);
      props.notify(`The subscription "${sub.name}" is enabled.`);
      props.subs.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const remove = async (sub: Subscription) => {
    if (!window.confirm(`Delete the subscription "${sub.name}" for good? Its finished deliveries stay in the log until they age out.`)) return;
    try {
      await call('DELETE', `${ADMIN}/webhooks/${sub.id}`);
      props.notify(`The subscription "${sub.name}" is deleted.`);
      props.subs.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<div>
    <h3>Subscriptions</h3>
    <${Problem} text=${props.subs.error} />
    <div class="table"><table class="stack" aria-label="Subscriptions">
      <thead><tr><th>Name</th><th>URL</th><th>Events</th><th>Status</th><th>Failures</th><th>Last success</th><th><span class="sr">Actions</span></th></tr></thead>
      <tbody>${(props.subs.data?.items ?? []).map((s) => html`<tr key=${s.id}>
        <td data-label="Name">${s.name}<${Id} value=${s.id} label=${`subscription ${s.name}`} /></td><td data-label="URL" class="wrap">${s.url}</td>
        <td data-label="Events">${s.events.join(', ')}${s.includeRecord ? ' (with record)' : ''}</td><td data-label="Status">${s.isActive ? 'active' : 'disabled'}</td>
        <td data-label="Failures">${s.failureCount}</td><td data-label="Last success">${when(s.lastSuccessAt)}</td>
        <td data-label="Actions" class="row-actions">${s.isActive
          ? html`<button type="button" aria-label=${`Rotate secret of ${s.name}`} onClick=${() => rotate(s)}>Rotate secret</button> <button type="button" class="danger" aria-label=${`Disable ${s.name}`} onClick=${() => disable(s)}>Disable</button>`
          : html`<button type="button" aria-label=${`Enable ${s.name}`} onClick=${() => enable(s)}>Enable</button> <button type="button" class="danger" aria-label=${`Delete ${s.name}`} onClick=${() => remove(s)}>Delete</button>`}</td>
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
  return html`<section aria-labelledby="webhooks-title">
    <h2 id="webhooks-title">Webhooks</h2>
    <${DeliveriesSwitch} notify=${props.notify} />
    <${Subscriptions} notify=${props.notify} subs=${subs} />
    <${DeliveryLog} notify=${props.notify} subs=${subs.data?.items ?? []} onChange=${subs.reload} />
  </section>`;
}
