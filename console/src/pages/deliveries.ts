/** The switch of the organization's outgoing deliveries: a restored copy starts with it off (paused). */
import { html } from 'htm/preact';
import { ADMIN, call, message, when } from '../api.ts';
import { Problem, useLoad } from '../ui.ts';
import type { Notify } from '../ui.ts';

interface DeliveriesState {
  paused: boolean;
  pausedAt: string | null;
  reason: string | null;
}

export function DeliveriesSwitch(props: { notify: Notify }) {
  const state = useLoad(() => call<DeliveriesState>('GET', `${ADMIN}/deliveries`));
  const toggle = async () => {
    const pause = !(state.data?.paused ?? false);
    const question = pause
      ? 'Pause outgoing deliveries? Webhooks and messenger messages stay queued until you resume them.'
      : 'Resume outgoing deliveries? Everything queued is sent to the subscribed addresses and chats now: on a restored or staging copy, make sure they are not production receivers.';
    if (!window.confirm(question)) return;
    try {
      await call('PATCH', `${ADMIN}/deliveries`, { paused: pause });
      props.notify(pause ? 'Outgoing deliveries are paused.' : 'Outgoing deliveries are resumed.');
      state.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const s = state.data;
  return html`<div class="card" aria-labelledby="deliveries-title">
    <h3 id="deliveries-title">Outgoing deliveries</h3>
    <${Problem} text=${state.error} />
    ${s
      ? html`<p class=${s.paused ? 'problem' : ''}>${s.paused
          ? `Paused since ${when(s.pausedAt)}${s.reason ? ` (${s.reason})` : ''}: webhooks and messenger messages are queued, not sent.`
          : 'Sending: webhooks and messenger messages go out as they are queued.'}</p>
        <label class="switch"><input type="checkbox" role="switch" name="deliveries" checked=${!s.paused} onChange=${toggle} /> Send outgoing deliveries</label>`
      : null}
  </div>`;
}
