/**
 * Every admin job of the console in Chromium at a desktop (1366 px) and a phone (390 px) width:
 * users, tokens, webhook subscriptions (disable, enable, delete), the delivery log, settings and
 * processes, each checked in the audit trail; on every page axe-core finds no serious or critical
 * violation, the keyboard reaches the actions with a visible focus, and at 390 px nothing is
 * wider than the screen. Screenshots of each page at both widths go to test-output/console/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT } from '../helpers/cli.ts';
import { chromiumMissing, launchChromium, SHOTS } from '../helpers/chromium.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';
import { importTemplate, start } from '../processes/helpers.ts';
import { emitClientCreated, eventually, startDelivery } from '../webhooks/helpers.ts';
import { auditOf } from './helpers.ts';

const PAGES = [
  ['users', 'Users and rights'],
  ['tokens', 'API tokens'],
  ['webhooks', 'Webhooks'],
  ['processes', 'Processes'],
  ['audit', 'Audit trail'],
  ['settings', 'Organization settings'],
] as const;
const WIDTHS = [
  [1366, 900],
  [390, 844],
] as const;

interface Violation {
  id: string;
  impact: string;
  nodes: string[];
}

const missing = chromiumMissing('the console\'s admin-jobs browser test');
if (missing !== undefined) {
  const why = missing;
  describe('console admin jobs in Chromium', () => {
    it('browser test', { skip: why }, () => {});
  });
} else {
  const axeSource = readFileSync(join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8');
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  describeEachDatabase(
    'console admin jobs in Chromium',
    (ctx) => {
      let base: string;
      let p: Principal;
      let context: BrowserContext;
      let page: Page;
      let delivery: { stop(): Promise<void> };
      const status = () => page.locator('[role=status]');
      const open = async (name: string, heading: string) => {
        // A new load each time: every page starts from what the server holds now.
        await page.goto(`${base}/admin#${name}`);
        await page.reload();
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      };
      const audited = async (action: string, targetId?: string) => {
        const entries = await auditOf(ctx(), p.token);
        assert.ok(entries.some((e) => e.action === action && (targetId === undefined || e.target.id === targetId)), `audited: ${action} ${targetId ?? ''}`);
      };
      const seriousViolations = async (): Promise<Violation[]> => {
        if (!(await page.evaluate('typeof window.axe === "object"'))) await page.addScriptTag({ content: axeSource });
        const found = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => JSON.stringify(n.target) + ' ' + (n.failureSummary ?? '')) })))`);
        return found as Violation[];
      };

      before(async () => {
        await ctx().app.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
        p = await createPrincipal(ctx());
        delivery = await startDelivery(ctx(), { webhookRetryScheduleSeconds: [], webhookPollMs: 200 });
        // The page's policy forbids inline scripts; axe-core is put in by the test, so this context bypasses it.
        context = await browser.newContext({ bypassCSP: true });
        page = await context.newPage();
        page.setDefaultTimeout(PATIENCE_MS);
        page.on('dialog', (dialog) => void dialog.accept());
        page.on('pageerror', (error) => console.error('page error:', error.message));
        await page.goto(`${base}/admin`);
        await page.evaluate(`sessionStorage.setItem('bizplat.adminToken', ${JSON.stringify(p.token)})`);
      });
      after(async () => {
        await context?.close();
        await delivery?.stop();
      });

      it('serves /favicon.ico and shows the running version in the footer', async () => {
        const icon = await fetch(`${base}/favicon.ico`);
        assert.equal(icon.status, 200);
        assert.match(icon.headers.get('content-type') ?? '', /^image\//);
        await open('users', 'Users and rights');
        const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
        await page.locator('footer').getByText(`version ${version}`).waitFor();
      });

      for (const [width, height] of WIDTHS) {
        it(`at ${width} px: every page passes axe, fits the screen, reaches its actions by keyboard with a visible focus`, async () => {
          await page.setViewportSize({ width, height });
          for (const [name, heading] of PAGES) {
            await open(name, heading);
            await page.waitForLoadState('networkidle');
            assert.deepEqual(await seriousViolations(), [], `axe on ${name} at ${width} px`);
            if (width < 600) assert.ok(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), `${name} scrolls sideways at ${width} px`);
            // Tab from the navigation until the focus is on a control of the page's own content: it shows a focus ring.
            await page.locator('nav a[aria-current="page"]').focus();
            if (!(await page.evaluate('!!document.querySelector("main button, main input, main select, main a")'))) continue;
            let reached = false;
            for (let i = 0; i < 40 && !reached; i += 1) {
              await page.keyboard.press('Tab');
              reached = await page.evaluate('!!document.activeElement?.closest("main") && document.activeElement.matches("button, input, select, a")');
            }
            assert.ok(reached, `the keyboard reaches ${name}'s controls`);
            const ring = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle + " " + getComputedStyle(document.activeElement).outlineWidth');
            assert.match(String(ring), /^solid [1-9]/, `visible focus on ${name}`);
            await page.screenshot({ path: join(SHOTS, `${ctx().kind}-${name}-${width}.png`), fullPage: true });
          }
        });

        it(`at ${width} px: adds and deactivates a user and mints and revokes a token, ids shown`, async () => {
          await page.setViewportSize({ width, height });
          await open('users', 'Users and rights');
          const name = `Ann ${width}`;
          await page.getByLabel('Name', { exact: true }).fill(name);
          await page.getByRole('button', { name: 'Create user' }).click();
          await status().filter({ hasText: `User ${name} created.` }).waitFor();
          const row = page.getByRole('row', { name: new RegExp(name) });
          const userId = (await row.locator('.id code').first().textContent()) ?? '';
          assert.match(userId, /^[0-9a-f-]{36}$/);
          await row.getByRole('button', { name: `Deactivate ${name}` }).click();
          await status().filter({ hasText: `${name} is deactivated.` }).waitFor();
          await audited('user.create', userId);
          await audited('user.deactivate', userId);

          await open('tokens', 'API tokens');
          assert.equal(await status().textContent(), '', 'the status line starts empty on a new page');
          await page.getByLabel('Name').fill(`Token ${width}`);
          await page.getByRole('button', { name: 'Create token' }).click();
          await status().filter({ hasText: 'Choose at least one scope.' }).waitFor();
          await page.getByLabel('crm:read').check();
          await page.getByRole('button', { name: 'Create token' }).click();
          const shown = page.getByRole('dialog', { name: 'Your new token' });
          await shown.waitFor();
          assert.equal(await status().textContent(), '', 'the next action cleared the stale message');
          await shown.getByRole('button', { name: 'I have saved it' }).click();
          const tokenRow = page.getByRole('row', { name: new RegExp(`Token ${width}`) });
          const tokenId = (await tokenRow.locator('.id code').first().textContent()) ?? '';
          await tokenRow.getByRole('button', { name: `Revoke Token ${width}` }).click();
          await status().filter({ hasText: 'is revoked' }).waitFor();
          await audited('token.create', tokenId);
          await audited('token.revoke', tokenId);
        });

        it(`at ${width} px: a subscription is disabled, enabled and deleted; the log offers Redeliver on failed rows only`, async () => {
          await page.setViewportSize({ width, height });
          await open('webhooks', 'Webhooks');
          const name = `Hook ${width}`;
          await page.getByLabel('Name').fill(name);
          // Nothing listens on port 9: every attempt fails, and with no retries the delivery is failed.
          await page.getByLabel('URL (https)').fill('http://127.0.0.1:9/hook');
          await page.getByRole('button', { name: 'Create subscription' }).click();
          await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'I have saved it' }).click();
          const row = page.getByRole('row', { name: new RegExp(name) });
          const subId = (await row.locator('.id code').first().textContent()) ?? '';

          await emitClientCreated(ctx().storage, p.orgId);
          await eventually(
            () => ctx().storage.db.selectFrom('webhook_deliveries').select('status').where('subscription_id', '=', subId).execute(),
            (rows) => rows.some((r) => r.status === 'failed'),
          );
          const filters = page.getByRole('form', { name: 'Filter the delivery log' });
          await filters.getByRole('combobox', { name: /^Subscription/ }).selectOption(subId);
          await filters.getByRole('combobox', { name: /^Status/ }).selectOption('failed');
          await page.getByRole('button', { name: 'Apply filters' }).click();
          const logRow = page.locator('table.deliveries tbody tr').first();
          await logRow.getByRole('button', { name: 'Redeliver' }).waitFor();
          await filters.getByRole('combobox', { name: /^Status/ }).selectOption('succeeded');
          await page.getByRole('button', { name: 'Apply filters' }).click();
          await page.getByText('No deliveries match.').waitFor();
          await page.locator('table.deliveries tbody tr').first().waitFor({ state: 'detached' });
          await page.locator('.chart .day-label').first().waitFor();

          await row.getByRole('button', { name: `Disable ${name}` }).click();
          await status().filter({ hasText: 'is disabled' }).waitFor();
          await row.getByRole('button', { name: `Enable ${name}` }).click();
          await status().filter({ hasText: 'is enabled' }).waitFor();
          await row.getByRole('button', { name: `Disable ${name}` }).click();
          await status().filter({ hasText: 'is disabled' }).waitFor();
          await row.getByRole('button', { name: `Delete ${name}` }).click();
          await status().filter({ hasText: 'is deleted' }).waitFor();
          await row.waitFor({ state: 'detached' });
          for (const action of ['webhook.create', 'webhook.disable', 'webhook.enable', 'webhook.delete']) await audited(action, subId);
        });

        it(`at ${width} px: settings save approval rules, rates, Telegram chats and the time zone, and an unchanged save writes nothing`, async () => {
          await page.setViewportSize({ width, height });
          await open('settings', 'Organization settings');
          const zone = width > 600 ? 'Europe/Berlin' : 'Asia/Tashkent';
          await page.getByLabel(/^Time zone/).fill(zone);
          await page.getByRole('button', { name: 'Add a rule' }).click();
          await page.getByRole('textbox', { name: /^Above/ }).last().fill(String(width * 1000));
          await page.getByLabel('New currency').fill(width > 600 ? 'usd' : 'eur');
          await page.getByLabel('Rate', { exact: true }).fill('12650.5');
          await page.getByLabel(/^Organization chat/).fill(`-100${width}`);
          await page.getByLabel(/Test User's chat/).first().fill(String(width));
          await page.getByRole('button', { name: 'Save settings' }).click();
          await status().filter({ hasText: 'Settings saved.' }).waitFor();
          const entries = await auditOf(ctx(), p.token);
          const settings = entries.find((e) => e.action === 'organization.settings')!;
          assert.deepEqual(settings.changes.timeZone?.after, zone);
          assert.ok('financeApprovalRules' in settings.changes && 'telegramChatId' in settings.changes);
          assert.ok(!('allowNegativeStock' in settings.changes) && !('phoneRegion' in settings.changes), 'unchanged fields are not audited');
          await audited('finance.rate');
          await audited('user.telegram_chat', p.userId);
          const count = entries.length;
          await page.getByLabel(/^Time zone/).waitFor();
          await page.getByRole('button', { name: 'Save settings' }).click();
          await status().filter({ hasText: 'Nothing to save' }).waitFor();
          assert.equal((await auditOf(ctx(), p.token)).length, count);
        });

        it(`at ${width} px: a running process is cancelled from the Processes page`, async () => {
          await page.setViewportSize({ width, height });
          const template = await importTemplate(ctx(), p, `t${width}`, [
            { id: 'work', title: 'Work', stage_type: 'task', start: true, next: ['done'], executor: 'initiator' },
            { id: 'done', title: 'Done', stage_type: 'end' },
          ]);
          const started = await start(ctx(), p, { template_id: template });
          // Nothing has happened to it for eight days: it is stuck.
          const longAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
          await ctx().storage.db.updateTable('processes').set({ updated_at: longAgo }).where('id', '=', started.id).execute();
          await open('processes', 'Processes');
          await page.getByRole('button', { name: /^Stuck/ }).click();
          const row = page.getByRole('row', { name: new RegExp(started.id) });
          await row.getByRole('button', { name: `Cancel Template ${template}` }).click();
          await status().filter({ hasText: 'is cancelled' }).waitFor();
          await audited('process.cancel', started.id);
          await page.getByRole('button', { name: 'Failed' }).click();
          await page.getByText('No failed processes.').waitFor();
        });
      }
    },
    { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' } },
  );
}
