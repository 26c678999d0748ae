import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, call, message, when } from '../api.ts';
import { Problem, useLoad } from '../ui.ts';

interface Entry {
  id: string;
  at: string;
  actor: { via: 'api' | 'mcp' | 'cli'; userId: string | null; tokenId: string | null; name: string };
  address: string;
  action: string;
  target: { type: string; id: string };
  changes: Record<string, { before: unknown; after: unknown }>;
}

const shown = (value: unknown) => (value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : String(value));

export function AuditPage() {
  const first = useLoad(() => call<{ items: Entry[]; nextCursor: string | null }>('GET', `${ADMIN}/audit?limit=50`));
  const [older, setOlder] = useState<Entry[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const next = cursor === undefined ? first.data?.nextCursor ?? null : cursor;
  const more = async () => {
    if (next === null) return;
    try {
      const page = await call<{ items: Entry[]; nextCursor: string | null }>('GET', `${ADMIN}/audit?limit=50&cursor=${encodeURIComponent(next)}`);
      setOlder([...older, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError(message(e));
    }
  };
  const entries = [...(first.data?.items ?? []), ...older];
  return html`<section aria-labelledby="audit-title">
    <h2 id="audit-title">Audit trail</h2>
    <${Problem} text=${first.error ?? error} />
    <div class="table"><table class="audit stack">
      <thead><tr><th>When</th><th>Who</th><th>From</th><th>Action</th><th>Target</th><th>Changes (before → after)</th></tr></thead>
      <tbody>${entries.map((e) => html`<tr key=${e.id}>
        <td data-label="When">${when(e.at)}</td><td data-label="Who">${e.actor.name} <small>(${e.actor.via === 'cli' ? 'CLI' : e.actor.via === 'mcp' ? 'API token via MCP' : 'API token'})</small></td><td data-label="From">${e.address}</td>
        <td data-label="Action"><code>${e.action}</code></td><td data-label="Target">${e.target.type} <small class="id">${e.target.id}</small></td>
        <td data-label="Changes"><ul class="changes">${Object.entries(e.changes).map(([field, c]) => html`<li key=${field}><b>${field}</b>: ${shown(c.before)} → ${shown(c.after)}</li>`)}</ul></td>
      </tr>`)}</tbody>
    </table></div>
    ${next !== null ? html`<button type="button" onClick=${more}>Load older entries</button>` : null}
  </section>`;
}
