import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { ADMIN, call, message } from '../api.ts';
import { Problem, useLoad } from '../ui.ts';
import type { Notify } from '../ui.ts';

export interface Settings {
  slug: string;
  name: string;
  currency: string;
  phoneRegion: string | null;
  allowNegativeStock: boolean;
  timeZone: string;
}

export function SettingsPage(props: { notify: Notify }) {
  const settings = useLoad(() => call<Settings>('GET', `${ADMIN}/settings`));
  const [form, setForm] = useState<Settings | undefined>(undefined);
  useEffect(() => setForm(settings.data), [settings.data]);
  if (!form) return html`<section><h2>Organization settings</h2><${Problem} text=${settings.error} /></section>`;
  const text = (field: 'currency' | 'phoneRegion' | 'timeZone') => (e: Event) => setForm({ ...form, [field]: (e.target as HTMLInputElement).value });
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      const saved = await call<Settings>('PATCH', `${ADMIN}/settings`, {
        currency: form.currency,
        phoneRegion: form.phoneRegion ? form.phoneRegion : null,
        allowNegativeStock: form.allowNegativeStock,
        timeZone: form.timeZone,
      });
      setForm(saved);
      props.notify('Settings saved.');
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<section aria-labelledby="settings-title">
    <h2 id="settings-title">Organization settings</h2>
    <form class="card" onSubmit=${save}>
      <p>${form.name} <small>(${form.slug})</small></p>
      <label>Currency (ISO 4217) <input required pattern="[A-Za-z]{3}" value=${form.currency} onInput=${text('currency')} /></label>
      <label>Phone region (ISO 3166, empty for none) <input pattern="[A-Za-z]{2}" value=${form.phoneRegion ?? ''} onInput=${text('phoneRegion')} /></label>
      <label>Time zone (IANA) <input required value=${form.timeZone} onInput=${text('timeZone')} /></label>
      <label class="check"><input type="checkbox" checked=${form.allowNegativeStock} onChange=${(e: Event) => setForm({ ...form, allowNegativeStock: (e.target as HTMLInputElement).checked })} /> Allow negative stock</label>
      <button class="primary">Save settings</button>
    </form>
  </section>`;
}
