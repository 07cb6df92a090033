// Live activity on the web page: a spawned `sm serve` on a temp project, Debian's Chromium on the page, activity
// posted to /api/activity with the serve.json token (as the `sm activity report` hook does). Without a reload,
// the map rings the nodes that ran and draws the spawn pair as an edge of its own, the node panel says how often
// a node ran and the pairs it is in, the filters hide a spawn edge with its endpoint, and the toolbar's
// "Activity" toggle takes it all off the map and back. Runs against the BUILT bin and page.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeSerious } from './support/axe.js';
import { closeServed, projectRoot } from './support/project-root.js';
import { describeBrowser, launchBrowser, openRecordedPage, screenshot } from './support/browser.js';
import type { RecordedPage } from './support/browser.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

/** Polls wait long enough for a loaded machine (the suites share 2 cores with other work). */
const POLL = { timeout: 15_000 };

const REVIEW = '.claude/skills/review/SKILL.md';
const PLANNER = '.claude/agents/planner.md';
const CODER = '.claude/agents/coder.md';
const README = 'README.md';
const PROJECT: Record<string, string> = {
  [REVIEW]: '---\nname: review\ndescription: Reviews a change.\n---\nReview it.\n',
  // The planner also links to the coder: the spawn edge joins two nodes a link already joins.
  [PLANNER]: '---\nname: planner\ndescription: Plans.\n---\nHand the work to [the coder](coder.md).\n',
  [CODER]: '---\nname: coder\ndescription: Writes code.\n---\nCode.\n',
  [README]: '# Project\nSee [review](.claude/skills/review/SKILL.md).\n',
  '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 100 } } }),
};

interface SpawnEdge {
  key: string;
  from: string;
  to: string;
  hidden: boolean;
}
interface Hooks {
  __skillMap: {
    map: { activityOf(p: string): string | null; spawnEdges(): SpawnEdge[]; lastPulse(): string[] };
    store: { set(patch: object): void };
  };
}

const activityOf = (page: Page, path: string): Promise<string | null> =>
  page.evaluate((p) => (window as unknown as Hooks).__skillMap.map.activityOf(p), path);
const spawnEdges = (page: Page): Promise<SpawnEdge[]> =>
  page.evaluate(() => (window as unknown as Hooks).__skillMap.map.spawnEdges());
const mapAttr = (page: Page, name: string): Promise<string | null> =>
  page.locator('[data-testid="map"]').getAttribute(name);

describeBrowser(
  'browser: live activity on the map (rings on what ran, spawn edges, the Activity toggle)',
  () => {
    let root: string;
    let server: ServeProcess;
    let browser: Browser;
    let rec: RecordedPage;
    let page: Page;
    let loads = 0;

    /** POSTs activity as the hook does: the serve.json token in x-skill-map-token. */
    const post = async (body: unknown): Promise<{ recorded: number }> => {
      const { token } = JSON.parse(readFileSync(join(root, '.skill-map', 'serve.json'), 'utf8')) as {
        token: string;
      };
      const res = await fetch(`${server.baseUrl}/api/activity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-skill-map-token': token },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { value: { recorded: number } }).value;
    };

    beforeAll(async () => {
      root = projectRoot('sm-ui-activity-', PROJECT);
      server = await spawnServe(root);
      // Before the page opens: the page reads it from GET /api/activity/summary.
      expect((await post({ type: 'node.activity', node: README })).recorded).toBe(1);
      browser = await launchBrowser();
      rec = await openRecordedPage(browser);
      page = rec.page;
      page.on('load', () => loads++);
      await page.goto(`${server.baseUrl}/`);
      await page.locator('footer[aria-label="Status"][data-connection="open"]').waitFor(POLL);
      await page.locator('[data-testid="map"][data-ready="true"][data-nodes="4"]').waitFor(POLL);
    }, 60_000);

    afterAll(async () => {
      await closeServed(browser, server, root);
    });

    it('shows the activity held before the page opened', async () => {
      await expect.poll(() => mapAttr(page, 'data-ran'), POLL).toBe('1');
      expect(await activityOf(page, README)).not.toBeNull();
      expect(await activityOf(page, REVIEW)).toBeNull();
      expect(await page.getByRole('button', { name: /^Activity/ }).getAttribute('aria-pressed')).toBe('true');
    });

    it('rings a skill that ran and draws the spawn pair, live, without a reload', async () => {
      const res = await post({
        events: [
          { type: 'invocation', host: 'claude', kinds: ['skill', 'command'], name: 'review' },
          { type: 'invocation', host: 'claude', kinds: ['agent'], name: 'coder', by: 'planner' },
        ],
      });
      expect(res.recorded).toBe(2);
      await expect.poll(() => mapAttr(page, 'data-spawn-edges'), POLL).toBe('1');
      await expect.poll(() => mapAttr(page, 'data-ran'), POLL).toBe('3'); // README, review, coder
      expect(await activityOf(page, REVIEW)).toMatch(/^0\.16\|3$/); // one run, in the last minute
      expect(await activityOf(page, CODER)).not.toBeNull(); // the spawned agent counts as run
      expect(await activityOf(page, PLANNER)).toBeNull(); // the spawner did not run by this event
      expect(await spawnEdges(page)).toEqual([
        { key: `\u0000spawn ${PLANNER}\n${CODER}`, from: PLANNER, to: CODER, hidden: false },
      ]);
      const toggle = page.getByRole('button', { name: 'Legend' });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click(); // folded at first
      const legend = page.getByTestId('legend-activity');
      expect(await legend.textContent()).toContain('ran');
      expect(await legend.textContent()).toContain('started');
      expect(loads).toBe(1);
    });

    it('redraws a node that ran again, not the edge layer (its links did not change)', async () => {
      const frames = () =>
        page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await frames(); // the previous test's new spawn edge is processed and drawn
      // WebGL draw calls per sigma layer, from here on.
      await page.evaluate(() => {
        const w = window as unknown as { __draws: Record<string, number> };
        w.__draws = {};
        const proto = WebGL2RenderingContext.prototype as unknown as Record<string, unknown>;
        for (const name of ['drawArrays', 'drawArraysInstanced']) {
          const original = proto[name] as (...a: unknown[]) => unknown;
          proto[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
            const layer = (this.canvas as HTMLCanvasElement).className;
            w.__draws[layer] = (w.__draws[layer] ?? 0) + 1;
            return original.apply(this, args);
          };
        }
      });
      const before = await activityOf(page, README);
      await post({ type: 'node.activity', node: README });
      await expect.poll(() => activityOf(page, README), POLL).not.toBe(before);
      await frames();
      const draws = await page.evaluate(() => ({
        ...(window as unknown as { __draws: Record<string, number> }).__draws,
      }));
      expect(draws['sigma-nodes'] ?? 0).toBeGreaterThan(0);
      expect(draws['sigma-edges'] ?? 0).toBe(0);
    });

    it('says in the node panel how often a node ran and the pairs it is in', async () => {
      await page.evaluate((p) => (location.hash = `#/?node=${encodeURIComponent(p)}`), REVIEW);
      const panel = page.locator('aside[aria-label="Node panel"]');
      const activity = panel.getByTestId('node-activity');
      await expect.poll(() => activity.textContent(), POLL).toMatch(/^Ran 1 time, last at /);

      // A second run reaches the open panel live.
      await post({ type: 'invocation', host: 'claude', kinds: ['skill'], name: 'review' });
      await expect.poll(() => activity.textContent(), POLL).toMatch(/^Ran 2 times, last at /);
      expect(await activityOf(page, REVIEW)).toBe('0.2|3'); // wider with more runs
      // It just ran: it pulsed, and only it.
      expect(await page.evaluate(() => (window as unknown as Hooks).__skillMap.map.lastPulse())).toEqual([
        REVIEW,
      ]);
      // The status bar says when the last activity came.
      const last = page.locator('footer[aria-label="Status"] .activity');
      expect(await last.textContent()).toBe('last activity just now');

      await page.evaluate((p) => (location.hash = `#/?node=${encodeURIComponent(p)}`), CODER);
      await expect.poll(() => activity.textContent(), POLL).toContain('Started by');
      expect(await activity.getByRole('link', { name: 'planner' }).count()).toBe(1);
      await activity.getByRole('link', { name: 'planner' }).click();
      await expect.poll(() => panel.getAttribute('data-path'), POLL).toBe(PLANNER);
      expect(await activity.textContent()).toMatch(/Started\s*coder once/);
      expect(await activity.textContent()).not.toContain('Ran ');
      await screenshot(page, 'ui-activity');
      expect(loads).toBe(1);
    });

    it('hides a spawn edge with its endpoint under a filter', async () => {
      await page.evaluate(() =>
        (window as unknown as Hooks).__skillMap.store.set({
          filter: { kinds: ['skill'], providers: [], paths: [], hasIssues: false },
        }),
      );
      await expect.poll(async () => (await spawnEdges(page))[0]?.hidden, POLL).toBe(true);
      await page.evaluate(() =>
        (window as unknown as Hooks).__skillMap.store.set({
          filter: { kinds: [], providers: [], paths: [], hasIssues: false },
        }),
      );
      await expect.poll(async () => (await spawnEdges(page))[0]?.hidden, POLL).toBe(false);
    });

    it('keeps the rings and the spawn edge through a rescan (an edit on disk)', async () => {
      const generation = Number(await mapAttr(page, 'data-generation'));
      appendFileSync(join(root, CODER), 'More code.\n');
      await expect
        .poll(async () => Number(await mapAttr(page, 'data-generation')), POLL)
        .toBeGreaterThan(generation);
      await page.locator('[data-testid="map"][data-ready="true"]').waitFor(POLL);
      expect(await mapAttr(page, 'data-ran')).toBe('3');
      expect(await activityOf(page, CODER)).not.toBeNull();
      expect((await spawnEdges(page)).map((e) => e.to)).toEqual([CODER]);
      expect(loads).toBe(1);
    });

    it('takes the overlay off the map with the Activity toggle, and back', async () => {
      const toggle = page.getByRole('button', { name: /^Activity/ });
      await toggle.focus();
      await page.keyboard.press('Enter'); // keyboard reachable
      await expect.poll(() => toggle.getAttribute('aria-pressed'), POLL).toBe('false');
      await expect.poll(() => mapAttr(page, 'data-activity'), POLL).toBe('off');
      expect(rec.errors).toEqual([]);
      await expect.poll(() => mapAttr(page, 'data-ran'), POLL).toBe('0');
      expect(await mapAttr(page, 'data-spawn-edges')).toBe('0');
      expect(await activityOf(page, REVIEW)).toBeNull();
      expect(await spawnEdges(page)).toEqual([]);
      expect(await page.getByTestId('legend-activity').count()).toBe(0);

      // Events while it is off are still counted, and shown when it is back on.
      await post({ type: 'node.activity', node: PLANNER });
      await toggle.click();
      await expect.poll(() => mapAttr(page, 'data-ran'), POLL).toBe('4');
      expect(await mapAttr(page, 'data-spawn-edges')).toBe('1');
      expect(await activityOf(page, PLANNER)).not.toBeNull();
      expect(loads).toBe(1);
      expect(rec.outside(server.baseUrl)).toEqual([]);
      expect(rec.errors).toEqual([]);
    });

    it.each(['light', 'dark'] as const)(
      'is axe-clean in the %s scheme (map, toggle, legend, panel)',
      async (scheme) => {
        // bypassCSP only to inject axe-core; the page's own behaviour was tested above under its CSP.
        const other = await openRecordedPage(browser, { colorScheme: scheme, bypassCSP: true });
        try {
          await other.page.goto(`${server.baseUrl}/#/?node=${encodeURIComponent(CODER)}`);
          await other.page.locator('[data-testid="map"][data-ready="true"][data-ran="4"]').waitFor(POLL);
          expect(await other.page.locator('[data-testid="map"]').getAttribute('data-spawn-edges')).toBe('1');
          const activity = other.page.getByTestId('node-activity');
          await expect.poll(() => activity.textContent(), POLL).toMatch(/^Ran 1 time, last at .*Started by/);
          await other.page.locator('.panel-content[data-state="ready"]').waitFor(POLL);
          expect(await axeSerious(other.page)).toEqual([]);
          await screenshot(other.page, `ui-activity-${scheme}`);
          expect(other.outside(server.baseUrl)).toEqual([]);
          expect(other.errors).toEqual([]);
        } finally {
          await other.page.context().close();
        }
      },
    );
  },
);
