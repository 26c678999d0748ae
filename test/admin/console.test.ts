/**
 * The admin console in a real browser: Playwright (playwright-core) driving Debian's Chromium
 * against a listening server, on both databases. Each test saves a screenshot under
 * test-output/console/. Without /usr/bin/chromium the tests are reported as skipped, loudly.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { chromiumMissing, launchChromium, SHOTS } from '../helpers/chromium.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';
import { emitClientCreated, eventually, startDelivery } from '../webhooks/helpers.ts';


const missing = chromiumMissing('the admin console browser tests');
if (missing !== undefined) {
  const why = missing;
  describe('admin console in Chromium', () => {
    it('browser tests', { skip: why }, () => {});
  });
} else {
  const cert = makeCertificate();
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    cert.remove();
  });

  describeEachDatabase(
    'admin console in Chromium',
    (ctx) => {
      let base: string;
      let p: Principal;
      let page: Page;
      let receiver: Receiver;
      let delivery: { stop(): Promise<void> };
      const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${ctx().kind}-${name}.png`), fullPage: true });
      const ping = async (token: string) => (await fetch(`${base}/api/public/v1/ping`, { headers: { 'x-api-token': token } })).status;
      const status = () => page.locator('[role=status]');

      before(async () => {
        await ctx().app.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
        p = await createPrincipal(ctx());
        receiver = await startReceiver(cert);
        delivery = await startDelivery(ctx(), { webhookRetryScheduleSeconds: [], webhookPollMs: 200 });
        page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        // Every wait for the page (an element, a navigation) gets the tests' patience, not Playwright's 30 s.
        page.setDefaultTimeout(PATIENCE_MS);
        page.on('dialog', (dialog) => void dialog.accept());
      });
      after(async () => {
        await page?.close();
        await delivery?.stop();
        await receiver?.close();
      });

      it('signs in with a pasted admin token from the keyboard, and refuses a token that is not an administrator\'s', async () => {
        const clerk = await createPrincipal(ctx(), { slug: p.slug, rights: ['crm.clients'], scopes: ['admin:all'] });
        await page.goto(`${base}/admin`);
        await page.getByRole('button', { name: 'Sign in with a token instead' }).click();
        // The console renders after its script runs and the browser focuses the field on its next frame: type once the cursor is in it.
        await page.waitForFunction('document.activeElement?.getAttribute("name") === "token"');
        await page.keyboard.type(clerk.token);
        await page.keyboard.press('Enter');
        await page.getByRole('alert').filter({ hasText: 'not an administrator' }).waitFor();
        await page.getByLabel('Administrator token').fill(p.token);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Users and rights' }).waitFor();
        assert.equal(await page.evaluate('sessionStorage.getItem("bizplat.adminToken")'), p.token);
        assert.deepEqual(await page.context().cookies(), [], 'no cookie');
        await shot('signed-in');
      });

      it('creates a token with the scope picker, shows it once; it pings, and after revoking it is refused', async () => {
        await page.getByRole('link', { name: 'Tokens' }).click();
        await page.getByLabel('Name').fill('Console token');
        await page.getByLabel('crm:read').check();
        await page.getByRole('button', { name: 'Create token' }).click();
        const dialog = page.getByRole('dialog', { name: 'Your new token' });
        await dialog.waitFor();
        const token = await dialog.locator('input').inputValue();
        await shot('token-shown-once');
        assert.equal(await ping(token), 200);
        await dialog.getByRole('button', { name: 'I have saved it' }).click();
        await page.getByRole('row', { name: /Console token/ }).getByRole('button', { name: 'Revoke Console token' }).click();
        await status().filter({ hasText: 'is revoked' }).waitFor();
        await page.getByRole('row', { name: /Console token/ }).getByText(/^revoked/).waitFor();
        assert.equal(await ping(token), 401);
        await shot('token-revoked');
      });

      it('creates a subscription to a local HTTPS receiver; the log shows a failed then a succeeded attempt after redeliver', async () => {
        receiver.respond = (n) => ({ status: n === 0 ? 500 : 200 });
        await page.getByRole('link', { name: 'Webhooks' }).click();
        await page.getByLabel('Name').fill('Receiver');
        await page.getByLabel('URL (https)').fill(receiver.url);
        await page.getByLabel('Include the record in each delivery').check();
        await page.getByRole('button', { name: 'Create subscription' }).click();
        const secret = page.getByRole('dialog', { name: 'Signing secret' });
        await secret.waitFor();
        await page.getByRole('row', { name: /Receiver/ }).getByText('* (with record)').waitFor();
        assert.match(await secret.locator('input').inputValue(), /\S{16,}/);
        await secret.getByRole('button', { name: 'I have saved it' }).click();

        await emitClientCreated(ctx().storage, p.orgId);
        await receiver.waitFor(1);
        // The attempt is recorded just after the receiver answers: once it is, a refresh shows it.
        await eventually(
          () => ctx().storage.db.selectFrom('webhook_deliveries').select('status').where('org_id', '=', p.orgId).execute(),
          (rows) => rows.some((r) => r.status === 'failed'),
        );
        await page.getByRole('button', { name: 'Refresh' }).click();
        const log = page.locator('table.deliveries tbody');
        const row = log.locator('tr').first();
        await row.getByText('HTTP 500').waitFor();
        assert.match((await row.textContent()) ?? '', /client\.created.*Receiver.*failed/);

        await row.getByRole('button', { name: 'Redeliver' }).click();
        await status().filter({ hasText: 'Redelivered: HTTP 200' }).waitFor();
        await row.getByText('HTTP 200').waitFor();
        assert.match((await row.textContent()) ?? '', /succeeded/);
        // A succeeded delivery offers no Redeliver.
        await row.getByRole('button', { name: 'Redeliver' }).waitFor({ state: 'detached' });
        assert.equal(receiver.received.length, 2);
        await page.getByRole('img').waitFor();
        assert.match((await page.locator('figcaption').textContent()) ?? '', /succeeded/);
        await shot('deliveries');
      });

      it('the switch pauses outgoing deliveries: a new event stays queued, and goes out when switched back on', async () => {
        await page.getByRole('link', { name: 'Webhooks' }).click();
        const sending = page.getByRole('switch', { name: 'Send outgoing deliveries' });
        await sending.waitFor();
        assert.equal(await sending.isChecked(), true);
        await sending.click();
        await status().filter({ hasText: 'Outgoing deliveries are paused.' }).waitFor();
        await page.getByText(/^Paused since/).waitFor();
        await shot('deliveries-paused');

        const sent = receiver.received.length;
        await emitClientCreated(ctx().storage, p.orgId);
        // The event becomes a delivery (the consumer), which waits: no dispatcher claims it while paused.
        const pending = await eventually(
          () => ctx().storage.db.selectFrom('webhook_deliveries').select('attempts').where('org_id', '=', p.orgId).where('status', '=', 'pending').execute(),
          (rows) => rows.length > 0,
        );
        assert.deepEqual(pending, [{ attempts: 0 }]);
        assert.equal(receiver.received.length, sent, 'nothing was sent while paused');

        await sending.click();
        await status().filter({ hasText: 'Outgoing deliveries are resumed.' }).waitFor();
        await receiver.waitFor(sent + 1);
        // The switch shows the state read back after the change (not the click's own toggle).
        await page.getByText(/^Sending: webhooks and messenger messages go out/).waitFor();
        assert.equal(await sending.isChecked(), true);
      });

      it('rotates a subscription\'s secret with a button and shows the new one once; deliveries verify with it', async () => {
        const before = receiver.received.length;
        await page.getByRole('button', { name: 'Rotate secret of Receiver' }).click();
        const dialog = page.getByRole('dialog', { name: 'New signing secret' });
        await dialog.waitFor();
        const secret = await dialog.locator('input').inputValue();
        assert.match(secret, /^whsec_/);
        assert.match((await dialog.textContent()) ?? '', /also signed with the previous secret until/);
        await shot('secret-rotated');
        await dialog.getByRole('button', { name: 'I have saved it' }).click();
        receiver.respond = () => ({ status: 200 });
        await emitClientCreated(ctx().storage, p.orgId);
        const got = (await receiver.waitFor(before + 1))[before]!;
        const headers = Object.fromEntries(Object.entries(got.headers).map(([k, v]) => [k, String(v)]));
        assert.ok(new Webhook(secret).verify(got.body.toString('utf8'), headers));
      });

      it('shows the audit entries of what was done, readable on a phone-width screen', async () => {
        await page.getByRole('link', { name: 'Audit trail' }).click();
        const table = page.locator('table.audit');
        await table.getByText('webhook.redeliver').waitFor();
        for (const action of ['token.revoke', 'token.create', 'webhook.rotate_secret']) assert.ok((await table.getByText(action, { exact: true }).count()) >= 1, action);
        assert.match((await table.locator('tbody tr').first().textContent()) ?? '', /Test User.*API token.*127\.0\.0\.1/);
        await shot('audit');
        await page.setViewportSize({ width: 390, height: 844 });
        assert.ok(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), 'no sideways scrolling of the page');
        await shot('audit-phone');
        await page.setViewportSize({ width: 1280, height: 900 });
      });
    },
    { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
  );
}
