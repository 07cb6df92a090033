/// <reference lib="dom" />
// Labels without overlap, in Debian's Chromium, checked from the label boxes the page drew (window.__smMap.labelBoxes:
// node names, host/folder names and the semantic zoom's labels, in viewport pixels), not from layout data: on a copy
// of the demo project and on a generated 1,000-node project, at the default zoom, zoomed in four times and zoomed
// out, no two boxes intersect, and node labels are names, never paths. Screenshots of the demo's first view, light
// and dark, go to the test artifacts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, openRecordedPage, screenshot } from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

// bench/scan/generate.mjs is plain JS without types: import it by URL.
const GENERATE = new URL('../../../bench/scan/generate.mjs', import.meta.url).href;
const { generateProject } = (await import(GENERATE)) as {
  generateProject: (root: string, total: number) => unknown;
};
const DEMO = fileURLToPath(new URL('../../../examples/demo-project', import.meta.url));

interface LabelBox {
  key: string;
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  layer: 'node' | 'cluster' | 'aggregate' | 'badge';
}
interface Camera {
  x: number;
  y: number;
  ratio: number;
}

const POLL = { timeout: 30_000 };
let browser: Browser;
const served: { root: string; serve: ServeProcess }[] = [];

async function serveProject(fill: (root: string) => void): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'sm-ui-labels-'));
  fill(root);
  const scan = runSm(['scan', '-q'], { cwd: root });
  expect([0, 1]).toContain(scan.code); // 1: the project has error-level issues
  const serve = await spawnServe(root, ['--no-watcher']);
  served.push({ root, serve });
  return serve.baseUrl;
}

const debug = <T>(page: Page, field: string) =>
  page.evaluate(
    (f) => (window as unknown as { __smMap: Record<string, unknown> }).__smMap[f],
    field,
  ) as Promise<T>;

/** The camera once it has stopped (four reads 150 ms apart agree), and the labels drawn for it. */
async function settle(page: Page): Promise<{ camera: Camera; boxes: LabelBox[] }> {
  let last = '';
  let same = 0;
  for (let i = 0; i < 200; i++) {
    const c = await debug<Camera>(page, 'camera');
    const key = `${c.x} ${c.y} ${c.ratio}`;
    same = key === last ? same + 1 : 0;
    if (same === 3) return { camera: c, boxes: await debug<LabelBox[]>(page, 'labelBoxes') };
    last = key;
    await page.waitForTimeout(150);
  }
  throw new Error('the camera never came to rest');
}

const intersect = (a: LabelBox, b: LabelBox): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Every pair of drawn boxes that intersect (empty when the labels are clean). */
function overlaps(boxes: readonly LabelBox[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      // Badges (an aggregate's issue count) are markers, not names: only a name over one counts.
      if (boxes[i]!.layer === 'badge' && boxes[j]!.layer === 'badge') continue;
      else if (intersect(boxes[i]!, boxes[j]!)) out.push(`${boxes[i]!.text} / ${boxes[j]!.text}`);
  return out;
}

/** Zooms with the keyboard (the map's + and -) until the camera ratio passes `target` in that direction. */
async function zoomTo(page: Page, target: number, key: '+' | '-'): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const { camera } = await settle(page);
    if (key === '+' ? camera.ratio <= target : camera.ratio >= target) return;
    await page.focus('[data-testid="map"]');
    await page.keyboard.press(key);
  }
}

/** The three zoom levels: the boxes at each, checked for overlap and for names (no path in a node label). */
async function checkThreeZooms(page: Page, name: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const check = async (level: string): Promise<void> => {
    const { boxes } = await settle(page);
    expect(boxes.length, `${name} ${level}: labels drawn`).toBeGreaterThan(0);
    expect(overlaps(boxes), `${name} ${level}`).toEqual([]);
    for (const b of boxes.filter((x) => x.layer === 'node')) expect(b.text).not.toContain('/');
    counts[level] = boxes.length;
  };
  await check('default');
  const start = (await settle(page)).camera.ratio;
  await zoomTo(page, start / 4, '+');
  expect((await settle(page)).camera.ratio).toBeLessThanOrEqual(start / 4);
  await check('zoomed in x4');
  expect(counts['zoomed in x4']).toBeGreaterThanOrEqual(5);
  await page.keyboard.press('0');
  await zoomTo(page, Math.min(start * 2.5, 3.9), '-');
  expect((await settle(page)).camera.ratio).toBeGreaterThan(start * 2);
  await check('zoomed out');
  await page.keyboard.press('0');
  return counts;
}

describeBrowser('browser: map labels', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const s of served) {
      await s.serve.stop();
      rmSync(s.root, { recursive: true, force: true });
    }
  });

  it('the demo: no two drawn labels intersect at the default zoom, zoomed in x4 and zoomed out', async () => {
    const url = await serveProject((root) => cpSync(DEMO, root, { recursive: true }));
    // The most linked node: its neighbourhood is the focus view shot below.
    const map = (await (await fetch(`${url}/api/map`)).json()) as {
      links: { source: string; target: string }[];
    };
    const degree = new Map<string, number>();
    for (const l of map.links) for (const k of [l.source, l.target]) degree.set(k, (degree.get(k) ?? 0) + 1);
    const hub = [...degree].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    for (const scheme of ['light', 'dark'] as const) {
      const rec = await openRecordedPage(browser, { colorScheme: scheme });
      const page = rec.page;
      await page.goto(url);
      await page.waitForSelector('[data-testid="map"][data-ready="true"]');
      const { boxes } = await settle(page);
      await screenshot(page, `map-demo-first-view-${scheme}`);
      // Its hosts and folders (aggregated or not) and some nodes named at the first view.
      expect(boxes.length).toBeGreaterThanOrEqual(8);
      if (scheme === 'light') {
        const counts = await checkThreeZooms(page, 'demo');
        process.stdout.write(`ui-map-labels: demo labels drawn ${JSON.stringify(counts)}\n`);
      }
      // A focus view (the hub's neighbourhood), loaded from its URL: labels still clean; shot in both themes.
      await page.goto('about:blank');
      await page.goto(`${url}/#/?focus=hood&of=${encodeURIComponent(hub)}&hops=1`);
      await page.waitForSelector('[data-testid="map"][data-ready="true"]');
      await page.getByRole('region', { name: 'Focus view' }).waitFor();
      const focused = await settle(page);
      expect(overlaps(focused.boxes), `demo focus ${scheme}`).toEqual([]);
      await screenshot(page, `map-demo-focus-${scheme}`);
      expect(rec.errors).toEqual([]);
      await page.context().close();
    }
  }, 180_000);

  it('a generated 1,000-node project: no two drawn labels intersect at three zoom levels', async () => {
    const url = await serveProject((root) => generateProject(root, 1000));
    const rec = await openRecordedPage(browser);
    const page = rec.page;
    await page.goto(url);
    await page.waitForSelector('[data-testid="map"][data-ready="true"]', { timeout: 120_000 });
    await expect.poll(async () => (await settle(page)).boxes.length, POLL).toBeGreaterThan(0);
    const counts = await checkThreeZooms(page, '1,000 nodes');
    process.stdout.write(`ui-map-labels: 1,000-node labels drawn ${JSON.stringify(counts)}\n`);
    await screenshot(page, 'map-1000-labels');
    expect(rec.errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
