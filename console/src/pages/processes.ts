/** Running, stuck and failed processes, with Cancel on the running ones. */
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, call, message, when } from '../api.ts';
import { Id, Problem, useLoad, usePages } from '../ui.ts';
import type { Notify } from '../ui.ts';

interface Process {
  id: string;
  templateTitle: string;
  status: string;
  entityType: string | null;
  entityId: string | null;
  initiatedById: string;
  progress: number;
  startedAt: string;
  updatedAt: string;
}
interface ProcessPage {
  items: Process[];
  nextCursor: string | null;
}

const STATES = [
  ['running', 'Running'],
  ['stuck', 'Stuck (no step for 7 days)'],
  ['failed', 'Failed'],
] as const;

export function ProcessesPage(props: { notify: Notify }) {
  const [state, setState] = useState<(typeof STATES)[number][0]>('running');
  const list = useLoad(() => call<ProcessPage>('GET', `${ADMIN}/processes?state=${state}&limit=50`));
  const pages = usePages(list.data, (cursor) => call<ProcessPage>('GET', `${ADMIN}/processes?state=${state}&limit=50&cursor=${encodeURIComponent(cursor)}`));
  const choose = (next: typeof state) => {
    setState(next);
    setTimeout(list.reload, 0);
  };
  const cancel = async (p: Process) => {
    const reason = window.prompt(`Cancel the process "${p.templateTitle}"? Its active stages are cancelled and their tasks closed. Reason (optional):`);
    if (reason === null) return;
    try {
      const done = await call<{ changed: boolean }>('POST', `${ADMIN}/processes/${p.id}/cancel`, reason.trim() ? { reason: reason.trim() } : {});
      props.notify(done.changed ? `The process "${p.templateTitle}" is cancelled.` : `The process "${p.templateTitle}" was no longer running.`);
      list.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<section aria-labelledby="processes-title">
    <h2 id="processes-title">Processes</h2>
    <div class="tabs" role="group" aria-label="Which processes">
      ${STATES.map(([s, label]) => html`<button type="button" key=${s} aria-pressed=${s === state ? 'true' : 'false'} onClick=${() => choose(s)}>${label}</button>`)}
    </div>
    <${Problem} text=${list.error} />
    <div class="table"><table class="stack" aria-labelledby="processes-title">
      <thead><tr><th>Process</th><th>About</th><th>Progress</th><th>Started</th><th>Last step</th><th><span class="sr">Actions</span></th></tr></thead>
      <tbody>${pages.items.map((p) => html`<tr key=${p.id}>
        <td data-label="Process">${p.templateTitle}<${Id} value=${p.id} label=${`process ${p.templateTitle}`} /></td>
        <td data-label="About">${p.entityType ? html`${p.entityType} <small class="id">${p.entityId}</small>` : '—'}</td>
        <td data-label="Progress">${p.progress}%</td><td data-label="Started">${when(p.startedAt)}</td><td data-label="Last step">${when(p.updatedAt)}</td>
        <td data-label="Actions">${p.status === 'running' ? html`<button type="button" class="danger" aria-label=${`Cancel ${p.templateTitle}`} onClick=${() => cancel(p)}>Cancel</button>` : null}</td>
      </tr>`)}</tbody>
    </table></div>
    ${list.data && pages.items.length === 0 ? html`<p>No ${state} processes.</p>` : null}
    ${pages.next !== null ? html`<button type="button" onClick=${() => pages.load().catch((e: unknown) => props.notify(message(e), 'error'))}>Load older processes</button>` : null}
  </section>`;
}
