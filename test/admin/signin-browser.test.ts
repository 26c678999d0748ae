/**
 * Password sign-in in the console, in Chromium (the server's side is proven on both databases by
 * signin.test.ts): the browser keeps the Secure, HttpOnly, SameSite=Strict cookie on a loopback
 * http address, the console pages work with it, and ending the session from the Sessions page
 * signs the browser out; an MCP client's authorization request reaches the consent page.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { setPasswordIn } from '../../src/platform/passwords.ts';
import { createUser } from '../../src/platform/service.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { cliSource } from '../../src/platform/audit.ts';
import { ROOT } from '../helpers/cli.ts';
import { createContext, createPrincipal } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';

const CHROMIUM = process.env.BIZPLAT_CHROMIUM ?? '/usr/bin/chromium';

describe('console password sign-in in Chromium', { skip: existsSync(CHROMIUM) ? false : `SKIPPED: no Chromium at ${CHROMIUM}` }, () => {
  let browser: Browser;
  let ctx: TestContext & { close(): Promise<void> };
  before(async () => {
    assert.equal(spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-console.mjs')], { stdio: 'inherit' }).status, 0);
    ctx = await createContext('sqlite');
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  it('signs in with e-mail and password, keeps the cookie the server set, and is signed out when the session is ended', async () => {
    const p = await createPrincipal(ctx);
    const email = `owner-${p.slug}@example.com`;
    const user = await createUser(ctx.storage, { orgSlug: p.slug, name: 'Owner With Password', email, rights: [...RIGHTS] });
    const org = await ctx.storage.db.selectFrom('organizations').select('id').where('slug', '=', p.slug).executeTakeFirstOrThrow();
    await ctx.storage.transaction((tx) => setPasswordIn(tx, org.id, user.id, 'correct horse battery', cliSource()));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    page.setDefaultTimeout(PATIENCE_MS);
    page.on('dialog', (dialog) => void dialog.accept());
    try {
      await page.goto(`${base}/admin#sessions`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('wrong password here');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
      await page.getByLabel('Password').fill('correct horse battery');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Console sessions' }).waitFor();
      const [cookie] = await page.context().cookies();
      assert.equal(cookie?.name, '__Host-bizplat_session');
      assert.deepEqual([cookie.httpOnly, cookie.secure, cookie.sameSite], [true, true, 'Strict']);
      assert.equal(await page.evaluate('document.cookie'), '', 'the page cannot read the session');
      await page.reload();
      await page.getByRole('heading', { name: 'Console sessions' }).waitFor();
      await page.getByText('(this one)').waitFor();
      await page.getByRole('button', { name: /^End the session of Owner With Password/ }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      const status = (await fetch(`${base}/api/admin/v1/session`, { headers: { cookie: `${cookie.name}=${cookie.value}` } })).status;
      assert.equal(status, 401);
    } finally {
      await page.close();
    }
  });

  it('an MCP client\'s authorization opens the consent page: the user signs in, chooses scopes and is sent back with a code', async () => {
    const address = ctx.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${address.port}`;
    const callback = `${base}/oauth-callback`;
    const registered = (await (await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Browser agent', redirect_uris: [callback] }) })).json()) as { client_id: string };
    const authorize = new URL(`${base}/oauth/authorize`);
    for (const [name, value] of Object.entries({ response_type: 'code', client_id: registered.client_id, redirect_uri: callback, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', scope: 'crm:read tasks:read', state: 'xyz' })) {
      authorize.searchParams.set(name, value);
    }
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    page.setDefaultTimeout(PATIENCE_MS);
    try {
      await page.goto(authorize.href);
      await page.getByText('An application asks for access').waitFor();
      const email = (await ctx.storage.db.selectFrom('user_passwords').select('email_key').executeTakeFirstOrThrow()).email_key;
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Allow Browser agent to act as you?' }).waitFor();
      assert.equal(await page.getByLabel('crm:read').isChecked(), true, 'the requested scopes start ticked');
      assert.equal(await page.getByLabel('calendar:read').isChecked(), false);
      await page.getByLabel('tasks:read').uncheck();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/\/oauth-callback\?/);
      const back = new URL(page.url());
      assert.equal(back.searchParams.get('state'), 'xyz');
      assert.match(back.searchParams.get('code') ?? '', /^[A-Za-z0-9_-]{43}$/);
      const consent = await ctx.storage.db.selectFrom('audit_log').select('changes').where('action', '=', 'oauth.consent').executeTakeFirstOrThrow();
      assert.match(String(consent.changes), /"after":\["crm:read"\]/);
    } finally {
      await page.close();
    }
  });
});
