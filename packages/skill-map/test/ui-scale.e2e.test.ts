/// <reference lib="dom" />
// The map at scale, in Debian's Chromium, on projects from the scan benchmark's generator (bench/scan/generate.mjs,
// 10,000 and 1,000 nodes, generated and scanned once for the file): the first view is the semantic zoom's
// aggregates (folders as single labelled nodes, their members hidden), read from what the page drew this frame
// (`window.__smMap.aggregates`, label boxes in viewport pixels); a click on one opens it in place and its nodes are
// drawn; zooming in on a node opens its folders. Screenshots of both first views and an opened aggregate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  openRecordedPage,
  screenshot,
  type RecordedPage,
} from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

// bench/scan/generate.mjs is plain JS without types: import it by URL.
const GENERATE = new URL('../../../bench/scan/generate.mjs', import.meta.url).href;
const { generateProject } = (await import(GENERATE)) as {
  generateProject: (root: string, total: number) => unknown;
};

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Drawn {
  key: string;
  label: string;
  kind: string;
  count: number;
  x: number;
  y: number;
  r: number;
  labelBox: (Box & { text: string }) | null;
}
interface MapJson {
  nodes: { path: string; provider: string }[];
}

const POLL = { timeout: 30_000 };
let browser: Browser;
const served: { root: string; serve: ServeProcess }[] = [];

async function project(size: number, watch = false): Promise<{ url: string; map: MapJson; root: string }> {
  const root = mkdtempSync(join(tmpdir(), `sm-ui-scale-${size}-`));
  generateProject(root, size);
  // Exit 1: the generator plants broken references (issues), which is what a scan reports.
  const scan = runSm(['scan', '-q'], { cwd: root });
  expect([0, 1]).toContain(scan.code);
  const serve = await spawnServe(root, watch ? [] : ['--no-watcher']);
  served.push({ root, serve });
  const map = (await (await fetch(`${serve.baseUrl}/api/map`)).json()) as MapJson;
  return { url: serve.baseUrl, map, root };
}

async function open(url: string): Promise<{ rec: RecordedPage; page: Page }> {
  const rec = await openRecordedPage(browser);
  await rec.page.goto(url);
  await rec.page.waitForSelector('[data-testid="map"][data-ready="true"]', { timeout: 120_000 });
  await rec.page.waitForTimeout(300);
  return { rec, page: rec.page };
}

const aggregates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __smMap: { aggregates: Drawn[] } }).__smMap.aggregates);
const collapsed = (page: Page) =>
  page.evaluate(() => (window as unknown as { __smMap: { collapsedNodes: number } }).__smMap.collapsedNodes);
const position = (page: Page, path: string) =>
  page.evaluate(
    (p) =>
      (
        window as unknown as { __skillMap: { map: { viewportPosition(p: string): unknown } } }
      ).__skillMap.map.viewportPosition(p),
    path,
  ) as Promise<{ x: number; y: number } | null>;

const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The map's nodes inside an aggregate (`host:folder`, or `host:` for a whole host). */
function members(map: MapJson, key: string): string[] {
  const at = key.indexOf(':');
  const host = key.slice(0, at);
  const folder = key.slice(at + 1);
  return map.nodes
    .filter((n) => n.provider === host && (folder === '' || n.path.startsWith(`${folder}/`)))
    .map((n) => n.path);
}

/** Aggregates drawn this frame: labelled ones readable (12 px text) and no two label boxes overlapping. */
function expectReadable(drawn: Drawn[]): Drawn[] {
  const labelled = drawn.filter((d) => d.labelBox !== null);
  for (const d of labelled) {
    expect(d.labelBox!.h).toBeGreaterThanOrEqual(12);
    expect(d.labelBox!.text).toContain(d.label);
  }
  for (let i = 0; i < labelled.length; i++)
    for (let j = i + 1; j < labelled.length; j++)
      expect(
        overlap(labelled[i]!.labelBox!, labelled[j]!.labelBox!),
        `${labelled[i]!.key} / ${labelled[j]!.key}`,
      ).toBe(false);
  return labelled;
}

describeBrowser('browser: the map at scale (semantic zoom)', () => {
  let big: { url: string; map: MapJson; root: string };
  let page: Page;
  let rec: RecordedPage;

  beforeAll(async () => {
    big = await project(10_000);
    browser = await launchBrowser();
    ({ rec, page } = await open(big.url));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of served) {
      await s.serve.stop();
      rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('the first view of a 10,000-node project is its folders as labelled aggregates, not a field of dots', async () => {
    expect(big.map.nodes.length).toBeGreaterThanOrEqual(10_000);
    const drawn = await aggregates(page);
    const labelled = expectReadable(drawn);
    expect(labelled.length).toBeGreaterThanOrEqual(8);
    // The aggregates stand for (almost) every node; few are drawn as single nodes.
    expect(drawn.reduce((s, d) => s + d.count, 0)).toBeGreaterThan(big.map.nodes.length * 0.9);
    expect(await collapsed(page)).toBeGreaterThan(big.map.nodes.length * 0.9);
    expect(drawn.length).toBeLessThan(600);
    await screenshot(page, 'map-10000-first-view');
    // The layout ran in its Web Worker, a script of the page's own origin served as JavaScript under the CSP.
    const worker = rec.requests.find((u) => /\/assets\/layout\.worker-[\w-]+\.js$/.test(u));
    expect(worker).toBeDefined();
    expect((await fetch(worker!)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // sigma's three WebGL contexts were made one per task before it (sigma-canvases.ts), not in its constructor.
    const startup = await page.evaluate(
      () => (window as unknown as { __smMap: { startup: unknown } }).__smMap.startup,
    );
    expect(startup).toEqual({ preparedCanvases: 3 });
    expect(rec.errors).toEqual([]);
  });

  it('a click on an aggregate opens it in place: its nodes are drawn where it was', async () => {
    const drawn = await aggregates(page);
    // The biggest labelled folder whose centre is well inside the map.
    const target = drawn
      .filter(
        (d) => d.labelBox !== null && d.kind !== 'host' && d.x > 100 && d.x < 1000 && d.y > 150 && d.y < 650,
      )
      .sort((a, b) => b.count - a.count)[0];
    expect(target).toBeDefined();
    const inside = members(big.map, target!.key);
    expect(inside.length).toBe(target!.count);
    expect(await position(page, inside[0]!)).toBeNull();
    const box = (await page.locator('[data-testid="map"]').boundingBox())!;
    await page.mouse.click(box.x + target!.x, box.y + target!.y);
    await expect
      .poll(async () => (await aggregates(page)).some((d) => d.key === target!.key), POLL)
      .toBe(false);
    let shown = 0;
    for (const p of inside) {
      const at = await position(page, p);
      if (at === null) continue;
      shown++;
      // Where the aggregate was.
      expect(Math.hypot(at.x - box.x - target!.x, at.y - box.y - target!.y)).toBeLessThanOrEqual(
        target!.r / 0.92 + 2,
      );
    }
    expect(shown).toBe(inside.length);
    await screenshot(page, 'map-10000-aggregate-opened');
  });

  it('zooming in on a node opens its folders; zooming back out shows the aggregates again', async () => {
    const drawn = await aggregates(page);
    const closed = drawn.filter((d) => d.kind !== 'host').sort((a, b) => b.count - a.count)[0]!;
    const node = members(big.map, closed.key)[0]!;
    expect(await position(page, node)).toBeNull();
    await page.evaluate(
      (p) =>
        (window as unknown as { __skillMap: { map: { center(p: string): void } } }).__skillMap.map.center(p),
      node,
    );
    await expect.poll(() => position(page, node), POLL).not.toBeNull();
    expect((await aggregates(page)).some((d) => d.key === closed.key)).toBe(false);
    await screenshot(page, 'map-10000-zoomed-in');
    await page.focus('[data-testid="map"]');
    await page.keyboard.press('0');
    await expect
      .poll(async () => (await aggregates(page)).some((d) => d.key === closed.key), POLL)
      .toBe(true);
    expect(rec.errors).toEqual([]);
  });

  it('the first view of a 1,000-node project: readable aggregates; a new file moves no other node', async () => {
    const small = await project(1000, true);
    const other = await open(small.url);
    const drawn = await aggregates(other.page);
    expect(expectReadable(drawn).length).toBeGreaterThanOrEqual(3);
    await screenshot(other.page, 'map-1000-first-view');
    // A rescan with one more file (the watcher's): the worker places it beside its folder, nothing else moves.
    const positions = () =>
      other.page.evaluate(() =>
        (
          window as unknown as {
            __skillMap: { map: { positions(): Record<string, { x: number; y: number }> } };
          }
        ).__skillMap.map.positions(),
      );
    const before = await positions();
    const generation = await other.page.getAttribute('[data-testid="map"]', 'data-generation');
    writeFileSync(join(small.root, 'docs', 'api', 'added-by-test.md'), '# Added\nOne more page.\n');
    await expect
      .poll(async () => {
        const g = await other.page.getAttribute('[data-testid="map"]', 'data-generation');
        const ready = await other.page.getAttribute('[data-testid="map"]', 'data-ready');
        return g !== generation && ready === 'true';
      }, POLL)
      .toBe(true);
    const after = await positions();
    expect(Object.keys(after)).toContain('docs/api/added-by-test.md');
    for (const [p, xy] of Object.entries(before)) expect(after[p], p).toEqual(xy);
    expect(other.rec.errors).toEqual([]);
    await other.page.context().close();
  }, 120_000);
});
