/** Contact persons' writes raise contact.created, contact.updated and contact.archived, read from the events feed with crm:read. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';

interface FeedItem {
  event: string;
  data: { entityType: string; entityId: string; version: number; changedFields?: string[] };
}

describeEachDatabase('contact events', (ctx) => {
  it('creating, changing and archiving a contact each raise their event, in order, for a crm:read reader', async () => {
    const owner = await createPrincipal(ctx());
    const reader = await createPrincipal(ctx(), { slug: owner.slug, rights: [], scopes: ['crm:read'] });
    const made = await api(ctx(), owner.token, 'POST', '/contacts', { body: { name: 'Ann', email: 'ann@example.com' } });
    assert.equal(made.statusCode, 201, made.body);
    const contact = json<{ id: string; version: number }>(made);
    const patch = (body: Record<string, unknown>, version: number) => api(ctx(), owner.token, 'PATCH', `/contacts/${contact.id}`, { body, headers: { 'if-match': String(version) } });
    assert.equal((await patch({ job_title: 'Buyer' }, 1)).statusCode, 200);
    assert.equal((await patch({ is_archived: true }, 2)).statusCode, 200);
    assert.equal((await patch({ is_archived: false }, 3)).statusCode, 200);

    // On PostgreSQL the feed shows events below the finished-transaction horizon: wait for the last.
    let items: FeedItem[] = [];
    await waitUntil('the five contact events in the feed', async () => {
      const feed = await api(ctx(), reader.token, 'GET', '/events', { query: { entity_type: 'contact' } });
      assert.equal(feed.statusCode, 200, feed.body);
      items = json<{ items: FeedItem[] }>(feed).items.filter((i) => i.data.entityId === contact.id);
      return items.length >= 5;
    });
    assert.deepEqual(items.map((i) => [i.event, i.data.version, i.data.changedFields]), [
      ['contact.created', 1, undefined],
      ['contact.updated', 2, ['job_title']],
      ['contact.updated', 3, ['is_archived']],
      ['contact.archived', 3, undefined],
      ['contact.updated', 4, ['is_archived']],
    ]);
    const catalog = json<{ events: string[] }>(await api(ctx(), owner.token, 'GET', '/webhooks/event-catalog')).events;
    for (const name of ['contact.created', 'contact.updated', 'contact.archived']) assert.ok(catalog.includes(name), `${name} is in the catalog`);
  });
});
