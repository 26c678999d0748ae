/**
 * The docs page as a newcomer opens it: Chromium loads /api/public/v1/docs from the deployed
 * server and the time until every operation of the document is listed is taken, with the
 * document sent compressed (as a browser asks for it) and, for comparison, uncompressed.
 * Goal: rendered in under 3 s on this host. Needs /usr/bin/chromium (BIZPLAT_CHROMIUM).
 */
import { existsSync } from 'node:fs';
import { benchDatabases, servedContext } from './lib.ts';

const CHROMIUM = process.env.BIZPLAT_CHROMIUM ?? '/usr/bin/chromium';

export default async function run(): Promise<void> {
  console.log('\n## Docs page (Chromium, time until every operation is listed)\n');
  if (!existsSync(CHROMIUM)) {
    console.log(`SKIPPED: no Chromium at ${CHROMIUM}`);
    return;
  }
  const [kind] = benchDatabases();
  const ctx = await servedContext(kind ?? 'sqlite');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const served = (await ctx.app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' })).body;
    const operations = Object.values(JSON.parse(served).paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
    console.log('| document | bytes sent | rendered in ms | target |');
    console.log('|---|---|---|---|');
    for (const compressed of [true, false]) {
      const page = await browser.newPage({ extraHTTPHeaders: compressed ? {} : { 'accept-encoding': 'identity' } });
      const documentResponse = page.waitForResponse((response) => response.url().endsWith('/openapi.json'));
      const started = Date.now();
      await page.goto(`${ctx.baseUrl}/docs`);
      await page.waitForFunction(`document.querySelectorAll('.opblock').length >= ${operations}`, undefined, { timeout: 120_000 });
      const sent = (await (await documentResponse).request().sizes()).responseBodySize;
      console.log(`| ${compressed ? 'gzip' : 'identity'} | ${sent} | ${Date.now() - started} | < 3000 |`);
      await page.close();
    }
  } finally {
    await browser.close();
    await ctx.close();
  }
}
