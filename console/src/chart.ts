import { html } from 'htm/preact';

export interface Hour {
  hour: string;
  succeeded: number;
  failed: number;
}

const WIDTH = 840;
const HEIGHT = 180;
/** Room for the value axis on the left and the day labels below. */
const LEFT = 40;
const BOTTOM = 22;
const TOP = 8;

const DAY = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** Stacked bars per hour (succeeded below, failed above) over a value axis, with each day labelled; plain SVG. */
export function DeliveryChart(props: { hours: Hour[] }) {
  const { hours } = props;
  const total = hours.reduce((sum, h) => ({ ok: sum.ok + h.succeeded, failed: sum.failed + h.failed }), { ok: 0, failed: 0 });
  const busiest = hours.reduce<Hour | undefined>((best, h) => (h.succeeded + h.failed > (best ? best.succeeded + best.failed : 0) ? h : best), undefined);
  const peak = Math.max(1, busiest ? busiest.succeeded + busiest.failed : 0);
  const plot = HEIGHT - BOTTOM - TOP;
  const barWidth = (WIDTH - LEFT) / Math.max(1, hours.length);
  const scale = (n: number) => (n / peak) * plot;
  const y = (n: number) => TOP + plot - scale(n);
  const ticks = peak === 1 ? [0, 1] : [0, Math.round(peak / 2), peak];
  const summary = total.ok + total.failed === 0
    ? 'No delivery attempts in the last 7 days.'
    : `Delivery attempts per hour, last 7 days (UTC): ${total.ok} succeeded, ${total.failed} failed; busiest hour ${busiest ? `${busiest.hour.slice(0, 13).replace('T', ' ')}:00` : ''} with ${peak}.`;
  return html`<figure class="chart">
    <svg viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label=${summary}>
      ${ticks.map((t) => html`<g key=${`t${t}`} class="axis">
        <line x1=${LEFT} x2=${WIDTH} y1=${y(t)} y2=${y(t)} />
        <text x=${LEFT - 6} y=${y(t) + 4} text-anchor="end">${t}</text>
      </g>`)}
      ${hours.map((h, i) => {
        const ok = scale(h.succeeded);
        const failed = scale(h.failed);
        const x = LEFT + i * barWidth;
        const midnight = h.hour.slice(11, 13) === '00' || (i === 0 && Number(h.hour.slice(11, 13)) <= 12);
        return html`<g key=${h.hour}>
          ${midnight ? html`<line x1=${x} x2=${x} y1=${TOP} y2=${TOP + plot} class="day" /><text x=${x + 3} y=${HEIGHT - 6} class="day-label">${DAY.format(new Date(h.hour))}</text>` : null}
          ${h.succeeded > 0 ? html`<rect x=${x} y=${TOP + plot - ok} width=${Math.max(1, barWidth - 1)} height=${ok} class="ok"><title>${h.hour}: ${h.succeeded} succeeded</title></rect>` : null}
          ${h.failed > 0 ? html`<rect x=${x} y=${TOP + plot - ok - failed} width=${Math.max(1, barWidth - 1)} height=${failed} class="failed"><title>${h.hour}: ${h.failed} failed</title></rect>` : null}
        </g>`;
      })}
    </svg>
    <figcaption>${total.ok + total.failed === 0
      ? 'No delivery attempts in the last 7 days.'
      : html`Attempts per hour, last 7 days (UTC): <span class="key ok">${total.ok} succeeded</span>, <span class="key failed">${total.failed} failed</span>; the busiest hour had ${peak}.`}</figcaption>
  </figure>`;
}
