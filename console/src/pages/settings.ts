/** The organization's settings in one form: general, payment approvals, currency rates and Telegram; only what changed is sent. */
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { ADMIN, call, message } from '../api.ts';
import { Problem, useLoad } from '../ui.ts';
import type { Notify } from '../ui.ts';

interface Rule {
  above: string;
  approvals: number;
}
export interface Settings {
  slug: string;
  name: string;
  version: string;
  currency: string;
  phoneRegion: string | null;
  allowNegativeStock: boolean;
  timeZone: string;
  approvalRules: Rule[];
  rates: Array<{ currency: string; rate: string }>;
  telegramChatId: string | null;
  telegramUsers: Array<{ userId: string; name: string; chatId: string | null }>;
}

type Form = Settings & { newRate: { currency: string; rate: string } };

/** The fields of `form` that differ from `saved`, as the PATCH body. */
function changes(saved: Settings, form: Form): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (form.currency.toUpperCase() !== saved.currency) body.currency = form.currency;
  const region = form.phoneRegion ? form.phoneRegion.toUpperCase() : null;
  if (region !== saved.phoneRegion) body.phoneRegion = region;
  if (form.allowNegativeStock !== saved.allowNegativeStock) body.allowNegativeStock = form.allowNegativeStock;
  if (form.timeZone !== saved.timeZone) body.timeZone = form.timeZone;
  const chat = form.telegramChatId ? form.telegramChatId : null;
  if (chat !== saved.telegramChatId) body.telegramChatId = chat;
  if (JSON.stringify(form.approvalRules) !== JSON.stringify(saved.approvalRules)) body.approvalRules = form.approvalRules;
  const rates = form.rates.filter((r) => saved.rates.find((s) => s.currency === r.currency)?.rate !== r.rate);
  if (form.newRate.currency && form.newRate.rate) rates.push({ currency: form.newRate.currency.toUpperCase(), rate: form.newRate.rate });
  if (rates.length > 0) body.rates = rates;
  const users = form.telegramUsers
    .map((u) => ({ userId: u.userId, chatId: u.chatId ? u.chatId : null }))
    .filter((u) => saved.telegramUsers.find((s) => s.userId === u.userId)?.chatId !== u.chatId);
  if (users.length > 0) body.telegramUsers = users;
  return body;
}

export function SettingsPage(props: { notify: Notify }) {
  const settings = useLoad(() => call<Settings>('GET', `${ADMIN}/settings`));
  const [form, setForm] = useState<Form | undefined>(undefined);
  useEffect(() => setForm(settings.data && { ...settings.data, newRate: { currency: '', rate: '' } }), [settings.data]);
  if (!form || !settings.data) return html`<section><h2>Organization settings</h2><${Problem} text=${settings.error} /></section>`;
  const saved = settings.data;
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  const text = (field: 'currency' | 'phoneRegion' | 'timeZone' | 'telegramChatId') => (e: Event) => setForm({ ...form, [field]: value(e) });
  const rule = (i: number, patch: Partial<Rule>) => setForm({ ...form, approvalRules: form.approvalRules.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const save = async (e: Event) => {
    e.preventDefault();
    const body = changes(saved, form);
    if (Object.keys(body).length === 0) return props.notify('Nothing to save: no setting was changed.');
    try {
      await call<Settings>('PATCH', `${ADMIN}/settings`, body);
      settings.reload();
      props.notify('Settings saved.');
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<section aria-labelledby="settings-title">
    <h2 id="settings-title">Organization settings</h2>
    <form onSubmit=${save}>
      <fieldset class="card"><legend>General</legend>
        <p>${form.name} <small>(${form.slug})</small></p>
        <label>Currency (ISO 4217) <input required pattern="[A-Za-z]{3}" value=${form.currency} onInput=${text('currency')} /></label>
        <label>Phone region for numbers without + (ISO 3166, empty for none) <input pattern="[A-Za-z]{2}" value=${form.phoneRegion ?? ''} onInput=${text('phoneRegion')} /></label>
        <label>Time zone of meetings and task deadlines (IANA) <input required value=${form.timeZone} onInput=${text('timeZone')} /></label>
        <label class="check"><input type="checkbox" checked=${form.allowNegativeStock} onChange=${(e: Event) => setForm({ ...form, allowNegativeStock: (e.target as HTMLInputElement).checked })} /> Allow negative stock</label>
      </fieldset>
      <fieldset class="card"><legend>Payment approvals</legend>
        <p class="hint">Every payment request needs one approval; requests above an amount (${form.currency}, with VAT) need more.</p>
        ${form.approvalRules.map((r, i) => html`<div class="actions" key=${`rule${i}`}>
          <label>Above <input inputmode="decimal" required pattern="[0-9]+(\\.[0-9]{1,2})?" value=${r.above} onInput=${(e: Event) => rule(i, { above: value(e) })} /></label>
          <label>Approvals <input type="number" min="1" max="10" required value=${r.approvals} onInput=${(e: Event) => rule(i, { approvals: Number(value(e)) })} /></label>
          <button type="button" class="danger" aria-label=${`Remove the rule above ${r.above}`} onClick=${() => setForm({ ...form, approvalRules: form.approvalRules.filter((_, j) => j !== i) })}>Remove</button>
        </div>`)}
        <button type="button" onClick=${() => setForm({ ...form, approvalRules: [...form.approvalRules, { above: '', approvals: 2 }] })}>Add a rule</button>
      </fieldset>
      <fieldset class="card"><legend>Currency rates</legend>
        <p class="hint">Units of ${form.currency} per unit of another currency.</p>
        ${form.rates.map((r, i) => html`<label key=${r.currency}>${r.currency}
          <input inputmode="decimal" required pattern="[0-9]+(\\.[0-9]{1,6})?" value=${r.rate} onInput=${(e: Event) => setForm({ ...form, rates: form.rates.map((x, j) => (j === i ? { ...x, rate: value(e) } : x)) })} /></label>`)}
        <div class="actions">
          <label>New currency <input pattern="[A-Za-z]{3}" value=${form.newRate.currency} onInput=${(e: Event) => setForm({ ...form, newRate: { ...form.newRate, currency: value(e) } })} /></label>
          <label>Rate <input inputmode="decimal" pattern="[0-9]+(\\.[0-9]{1,6})?" value=${form.newRate.rate} onInput=${(e: Event) => setForm({ ...form, newRate: { ...form.newRate, rate: value(e) } })} /></label>
        </div>
      </fieldset>
      <fieldset class="card"><legend>Telegram</legend>
        <label>Organization chat told of new meetings (chat id or @channel, empty for none) <input value=${form.telegramChatId ?? ''} onInput=${text('telegramChatId')} /></label>
        <p class="hint">Each user's notifications are also sent to their linked chat (an integer chat id; empty unlinks).</p>
        ${form.telegramUsers.map((u, i) => html`<label key=${u.userId}>${u.name}'s chat
          <input inputmode="numeric" pattern="-?[0-9]{1,20}" value=${u.chatId ?? ''} onInput=${(e: Event) => setForm({ ...form, telegramUsers: form.telegramUsers.map((x, j) => (j === i ? { ...x, chatId: value(e) } : x)) })} /></label>`)}
      </fieldset>
      <button class="primary">Save settings</button>
    </form>
  </section>`;
}
