import { html } from 'htm/preact';

export interface Hour {
  hour: string;
  succeeded: number;
  failed: number;
}

const WIDTH = 840;
const HEIGHT = 160;

/** Stacked bars per hour (succeeded below, failed above) with day marks; plain SVG. */
export function DeliveryChart(props: { hours: Hour[] }) {
  const { hours } = props;
  const peak = Math.max(1, ...hours.map((h) => h.succeeded + h.failed));
  const barWidth = WIDTH / Math.max(1, hours.length);
  const scale = (n: number) => (n / peak) * (HEIGHT - 20);
  const total = hours.reduce((sum, h) => ({ ok: sum.ok + h.succeeded, failed: sum.failed + h.failed }), { ok: 0, failed: 0 });
  return html`<figure class="chart">
    <svg viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-caption" preserveAspectRatio="none">
      ${hours.map((h, i) => {
        const ok = scale(h.succeeded);
        const failed = scale(h.failed);
        const x = i * barWidth;
        return html`<g key=${h.hour}>
          ${i % 24 === 0 ? html`<line x1=${x} x2=${x} y1="0" y2=${HEIGHT} class="day" />` : null}
          ${h.succeeded > 0 ? html`<rect x=${x} y=${HEIGHT - ok} width=${Math.max(1, barWidth - 1)} height=${ok} class="ok"><title>${h.hour}: ${h.succeeded} succeeded</title></rect>` : null}
          ${h.failed > 0 ? html`<rect x=${x} y=${HEIGHT - ok - failed} width=${Math.max(1, barWidth - 1)} height=${failed} class="failed"><title>${h.hour}: ${h.failed} failed</title></rect>` : null}
        </g>`;
      })}
    </svg>
    <figcaption id="chart-caption">Delivery attempts per hour, last 7 days: <span class="key ok">${total.ok} succeeded</span>, <span class="key failed">${total.failed} failed</span> (busiest hour: ${peak}).</figcaption>
  </figure>`;
}
