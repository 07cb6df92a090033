// The web page's plugin list, in Debian's Chromium against a spawned `sm serve` (BUILT bin and page): the example
// plugin dropped into the project shows as untrusted with the reason; "Trust" trusts it and the row turns loaded;
// "Disable" switches it off; axe-core finds no serious violation on the view.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTempTree, type TempTree } from '../src/adapters/testing/temp-tree.js';
import { axeSerious } from './support/axe.js';
import { describeBrowser, launchBrowser, openRecordedPage } from './support/browser.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/copilot-plugin', import.meta.url));
const ROW = 'section[aria-label="Plugins"] tr[data-plugin="copilot"]';

describeBrowser('browser: the plugins view lists, trusts and disables a drop-in plugin', () => {
  let tree: TempTree;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    tree = createTempTree('sm-ui-plugins-');
    tree.write({ '.github/prompts/fix.prompt.md': 'Fix it.\n', 'README.md': '# Project\n' });
    cpSync(EXAMPLE, join(tree.root, '.skill-map', 'plugins', 'copilot'), { recursive: true });
    serve = await spawnServe(tree.root);
    browser = await launchBrowser();
    page = (await openRecordedPage(browser, { bypassCSP: true })).page;
    await page.goto(`${serve.baseUrl}/#/plugins`);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    tree?.remove();
  });

  it('shows the untrusted plugin with its reason, trusts it, then disables it', async () => {
    const row = page.locator(ROW);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-status')).toBe('untrusted');
    await expect.poll(() => row.textContent()).toContain('sm plugins trust copilot');
    expect(await axeSerious(page)).toEqual([]);
    await row.getByRole('button', { name: 'Trust' }).click();
    await expect
      .poll(() => page.locator(ROW).getAttribute('data-status'), { timeout: 15_000 })
      .toBe('enabled');
    await page.locator(ROW).getByRole('button', { name: 'Disable' }).click();
    await expect
      .poll(() => page.locator(ROW).getAttribute('data-status'), { timeout: 15_000 })
      .toBe('disabled');
  }, 60_000);
});
