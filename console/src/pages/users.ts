import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ADMIN, call, message, when } from '../api.ts';
import { Id, Problem, useLoad } from '../ui.ts';
import type { Notify } from '../ui.ts';

export interface User {
  id: string;
  orgUserId: string;
  name: string;
  email: string | null;
  rights: string[];
  active: boolean;
  createdAt: string;
}

function RightsPicker(props: { all: string[]; chosen: string[]; onChange: (rights: string[]) => void; legend: string }) {
  const toggle = (right: string) => props.onChange(props.chosen.includes(right) ? props.chosen.filter((r) => r !== right) : [...props.chosen, right]);
  return html`<fieldset class="picker"><legend>${props.legend}</legend>
    ${props.all.map((right) => html`<label key=${right}><input type="checkbox" checked=${props.chosen.includes(right)} onChange=${() => toggle(right)} /> ${right}</label>`)}
    <button type="button" class="link" onClick=${() => props.onChange(props.chosen.length === props.all.length ? [] : [...props.all])}>
      ${props.chosen.length === props.all.length ? 'Clear all' : 'All rights (administrator)'}
    </button>
  </fieldset>`;
}

function EditRights(props: { user: User; rights: string[]; notify: Notify; done: () => void }) {
  const [chosen, setChosen] = useState(props.user.rights);
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await call('PATCH', `${ADMIN}/users/${props.user.id}`, { rights: chosen });
      props.notify(`Rights of ${props.user.name} saved.`);
      props.done();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  return html`<form class="inline" onSubmit=${save}>
    <${RightsPicker} all=${props.rights} chosen=${chosen} onChange=${setChosen} legend=${`Rights of ${props.user.name}`} />
    <div class="actions"><button class="primary">Save rights</button><button type="button" onClick=${props.done}>Cancel</button></div>
  </form>`;
}

export function UsersPage(props: { rights: string[]; notify: Notify }) {
  const users = useLoad(() => call<{ items: User[] }>('GET', `${ADMIN}/users`));
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [rights, setRights] = useState<string[]>([]);

  const create = async (e: Event) => {
    e.preventDefault();
    try {
      await call('POST', `${ADMIN}/users`, { name, ...(email ? { email } : {}), rights });
      props.notify(`User ${name} created.`);
      setName('');
      setEmail('');
      setRights([]);
      users.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };
  const deactivate = async (user: User) => {
    if (!window.confirm(`Deactivate ${user.name}? Their tokens stop working at once.`)) return;
    try {
      await call('POST', `${ADMIN}/users/${user.id}/deactivate`);
      props.notify(`${user.name} is deactivated.`);
      users.reload();
    } catch (error) {
      props.notify(message(error), 'error');
    }
  };

  return html`<section aria-labelledby="users-title">
    <h2 id="users-title">Users and rights</h2>
    <${Problem} text=${users.error} />
    <div class="table"><table class="stack" aria-labelledby="users-title">
      <thead><tr><th>Name</th><th>E-mail</th><th>Rights</th><th>Status</th><th>Since</th><th><span class="sr">Actions</span></th></tr></thead>
      <tbody>${(users.data?.items ?? []).map((user) => html`<tr key=${user.id}>
        <td data-label="Name">${user.name}<${Id} value=${user.id} label=${`user ${user.name}`} /></td><td data-label="E-mail" class="wrap">${user.email ?? '—'}</td>
        <td data-label="Rights">${user.rights.length === props.rights.length ? html`<strong>administrator</strong>` : user.rights.join(', ') || '—'}</td>
        <td data-label="Status">${user.active ? 'active' : 'deactivated'}</td><td data-label="Since">${when(user.createdAt)}</td>
        <td data-label="Actions" class="row-actions">${user.active
          ? html`<button type="button" aria-label=${`Edit rights of ${user.name}`} onClick=${() => setEditing(user.id)}>Edit rights</button>
                 <button type="button" class="danger" aria-label=${`Deactivate ${user.name}`} onClick=${() => deactivate(user)}>Deactivate</button>`
          : null}</td>
      </tr>${editing === user.id
        ? html`<tr class="editing"><td colspan="6"><${EditRights} user=${user} rights=${props.rights} notify=${props.notify} done=${() => (setEditing(null), users.reload())} /></td></tr>`
        : null}`)}</tbody>
    </table></div>
    <form class="card" onSubmit=${create} aria-labelledby="new-user">
      <h3 id="new-user">New user</h3>
      <label>Name <input required maxlength="200" value=${name} onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} /></label>
      <label>E-mail <input type="email" value=${email} onInput=${(e: Event) => setEmail((e.target as HTMLInputElement).value)} /></label>
      <${RightsPicker} all=${props.rights} chosen=${rights} onChange=${setRights} legend="Role rights" />
      <button class="primary">Create user</button>
    </form>
  </section>`;
}
