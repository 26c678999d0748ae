/**
 * Password sign-in in the console, in Chromium (the server's side is proven on both databases by
 * signin.test.ts): the browser keeps the Secure, HttpOnly, SameSite=Strict cookie on a loopback
 * http address, the console pages work with it, and ending the session from the Sessions page
 * signs the browser out.
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
});
