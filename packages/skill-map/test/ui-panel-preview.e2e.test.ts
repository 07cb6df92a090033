/// <reference lib="dom" />
// The node panel opens at once from the map the page already holds: while the node's own data is still on its way
// (held back here at the network), the panel shows the node's links as the map knows them, and they navigate; once
// the data arrives, the full sections replace the preview.
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServed, projectRoot } from './support/project-root.js';
import { describeBrowser, launchBrowser, openRecordedPage } from './support/browser.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

const SKILL = '.claude/skills/lint/SKILL.md';
const GUIDE = 'docs/guide.md';
const PROJECT: Record<string, string> = {
  [SKILL]: '---\nname: lint\ndescription: Lints.\n---\nSee [the guide](../../../docs/guide.md).\n',
  [GUIDE]: '# Guide\nThe guide.\n',
};

let root: string;
let server: ServeProcess;
let browser: Browser;

describeBrowser('browser: node panel preview', () => {
  beforeAll(async () => {
    root = projectRoot('sm-ui-preview-', PROJECT);
    server = await spawnServe(root);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await closeServed(browser, server, root);
  });

  it("shows the map's links of a node while its data loads, then the full panel", async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await page.goto(`${server.baseUrl}/`);
    await page.waitForSelector('[data-testid="map"][data-ready="true"]');
    const held: Route[] = [];
    await page.route('**/api/nodes/**', (r) => void held.push(r));
    await page.evaluate((p) => (location.hash = `#/?node=${encodeURIComponent(p)}`), SKILL);
    const panel = page.locator(`aside[aria-label="Node panel"][data-path="${SKILL}"]`);
    await panel.locator('[data-state="loading"]').waitFor();
    await expect(panel.locator('h2').textContent()).resolves.toBe('lint');
    const link = panel.locator(`a[data-node="${GUIDE}"]`);
    await link.waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Still loading: the preview is what is shown, and it is the map's link.
    expect(await panel.locator('[data-state]').first().getAttribute('data-state')).toBe('loading');
    for (const r of held) await r.continue();
    await page.unroute('**/api/nodes/**');
    await panel.locator('[data-state="ready"]').waitFor();
    await expect(panel.locator('h3').allTextContents()).resolves.toContain('Body');
    await panel.locator(`.link-list a[data-node="${GUIDE}"]`).click();
    await page.locator(`aside[aria-label="Node panel"][data-path="${GUIDE}"] [data-state="ready"]`).waitFor();
    expect(rec.errors).toEqual([]);
    expect(rec.outside(server.baseUrl)).toEqual([]);
  });
});
