/// <reference lib="dom" />
// The web page's map against a spawned `sm serve` on a small real project, in Debian's Chromium: it renders every
// node (and pixels), leaves the canvases that show nothing out of compositing (and edges and labels while dragged),
// search and canvas clicks open nodes, kind filters and scope excludes hide nodes (and the edges of the hidden ones,
// read from sigma's buffers; clearing the filter draws them again), a reload keeps the filters, and a
// one-line edit (rescanned by the watcher) moves nothing on the map.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

const SKILL = '.claude/skills/lint/SKILL.md';
const AGENT = '.claude/agents/reviewer.md';
const COMMAND = '.claude/commands/deploy.md';
const GUIDE = 'docs/guide.md';
const PROJECT: Record<string, string> = {
  [SKILL]:
    '---\nname: lint\ndescription: Lints the code base.\n---\n# Lint\nRun the linter. See [the guide](../../../docs/guide.md)' +
    ' and [the old notes](../../../docs/missing.md).\n',
  [AGENT]:
    '---\nname: reviewer\ndescription: Reviews changes.\n---\nReviews a change; uses the `lint` skill.\n',
  [COMMAND]:
    '---\ndescription: Deploys.\n---\nDeploy it after @reviewer approves. Read [the guide](../../docs/guide.md).\n',
  'CLAUDE.md': '# Project\nAgents: [reviewer](.claude/agents/reviewer.md). Commands: /deploy.\n',
  '.mcp.json': JSON.stringify({ mcpServers: { github: { command: 'github-mcp' } } }, null, 2),
  [GUIDE]: '# Guide\nThe guide. Ask [the reviewer](../.claude/agents/reviewer.md).\n',
  'docs/archive/old.md': '# Old\nOld notes.\n',
};

interface MapJson {
  nodes: { path: string; kind: string }[];
  links: { source: string; target: string }[];
}

// Generous: a shared CI machine under load renders slowly; the wait ends as soon as the page is right.
const POLL = { timeout: 15_000 };

let root: string;
let serve: ServeProcess;
let browser: Browser;
let rec: RecordedPage;
let page: Page;
let map: MapJson;

const attr = (name: string) => page.getAttribute('[data-testid="map"]', name);
const position = (path: string) =>
  page.evaluate(
    (p) =>
      (
        window as unknown as { __skillMap: { map: { viewportPosition(p: string): unknown } } }
      ).__skillMap.map.viewportPosition(p),
    path,
  ) as Promise<{ x: number; y: number } | null>;
const positions = () =>
  page.evaluate(() =>
    (
      window as unknown as { __skillMap: { map: { positions(): Record<string, { x: number; y: number }> } } }
    ).__skillMap.map.positions(),
  );
const route = () => page.evaluate(() => decodeURIComponent(location.hash));
/** What sigma's buffers draw now: node keys and edges as `source -> target` (window.__smMap.drawn). */
const drawn = () =>
  page.evaluate(() => {
    const d = (
      window as unknown as { __smMap: { drawn: { nodes: string[]; edges: [string, string][] } | null } }
    ).__smMap.drawn;
    return d === null
      ? null
      : { nodes: d.nodes.sort(), edges: d.edges.map(([s, t]) => `${s} -> ${t}`).sort() };
  });
/** The links between two real nodes both drawn in `nodes`, as `source -> target` (what sigma must draw of them). */
const linksBetween = (nodes: readonly string[]) => {
  const shown = new Set(nodes);
  const real = new Set(map.nodes.map((n) => n.path));
  const pairs = map.links
    .filter((l) => l.source !== l.target && real.has(l.target) && shown.has(l.source) && shown.has(l.target))
    .map((l) => `${l.source} -> ${l.target}`);
  return [...new Set(pairs)].sort();
};
/** The drawn edges between real nodes (ghosts, the broken targets, left out). */
const realEdges = (edges: readonly string[]) => {
  const real = new Set(map.nodes.map((n) => n.path));
  return edges.filter((e) => real.has(e.split(' -> ')[1] ?? ''));
};

/** A node's position once the camera has stopped moving (two reads 150 ms apart agree). */
async function stillPosition(path: string): Promise<{ x: number; y: number }> {
  let last: { x: number; y: number } | null = null;
  for (let i = 0; i < 100; i++) {
    const p = await position(path);
    if (p !== null && last !== null && p.x === last.x && p.y === last.y) return p;
    last = p;
    await page.waitForTimeout(150);
  }
  throw new Error(`${path} never came to rest on the canvas`);
}

async function resetCamera(): Promise<void> {
  await page.focus('[data-testid="map"]');
  await page.keyboard.press('0');
  await page.waitForTimeout(400);
}

describeBrowser('browser: the map', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sm-ui-map-'));
    for (const [rel, text] of Object.entries(PROJECT)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    runSm(['scan', '-q'], { cwd: root });
    serve = await spawnServe(root);
    map = (await (await fetch(`${serve.baseUrl}/api/map`)).json()) as MapJson;
    browser = await launchBrowser();
    rec = await openRecordedPage(browser);
    page = rec.page;
    await page.goto(serve.baseUrl);
    await page.waitForSelector('[data-testid="map"][data-ready="true"]');
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('draws every node of /api/map, and the canvas is not blank', async () => {
    expect(map.nodes.length).toBeGreaterThanOrEqual(7);
    expect(map.nodes.map((n) => n.kind)).toEqual(expect.arrayContaining(['skill', 'agent', 'command']));
    expect(Number(await attr('data-nodes'))).toBe(map.nodes.length);
    await page.waitForTimeout(300);
    const png = (await page.locator('[data-testid="map"]').screenshot()).toString('base64');
    await screenshot(page, 'map');
    // Count pixels far from the background colour, decoding the screenshot in the page (CSP allows data: images).
    const inked = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4)
        if (Math.abs(d[i]! - 255) + Math.abs(d[i + 1]! - 255) + Math.abs(d[i + 2]! - 255) > 120) n++;
      return n;
    }, png);
    expect(inked).toBeGreaterThan(800);
    expect(rec.errors).toEqual([]);
  });

  it('leaves the canvases that show nothing out of the page, and edges and labels only while dragged', async () => {
    // Under software WebGL every composited canvas costs a full-size blend per frame (bench:ui's pan frames).
    const shown = () =>
      page.evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return Object.fromEntries(
          [...document.querySelectorAll('[data-testid="map"] canvas')].map((c) => {
            const s = getComputedStyle(c);
            return [c.className, s.display === 'none' ? 'none' : s.visibility];
          }),
        );
      });
    const box = (await page.locator('[data-testid="map"]').boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + box.height - 4); // over no node
    const still = await shown();
    expect(still).toMatchObject({
      'sigma-labels': 'none', // the label layer draws the labels
      'sigma-edgeLabels': 'none',
      'sigma-hovers': 'hidden', // nothing hovered or selected
      'sigma-hoverNodes': 'hidden',
      'map-pulse': 'hidden', // no pulse running
      'sigma-edges': 'visible',
      'map-labels': 'visible',
      'sigma-nodes': 'visible',
    });
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height - 50, { steps: 6 });
    const dragged = await shown();
    await page.mouse.up();
    // sigma draws no edge and no label while the camera moves: those canvases are left out until it rests.
    expect(dragged).toMatchObject({
      'sigma-edges': 'hidden',
      'map-labels': 'hidden',
      'sigma-nodes': 'visible',
    });
    await expect.poll(async () => (await shown())['sigma-edges'], POLL).toBe('visible');
    await expect.poll(async () => (await shown())['map-labels'], POLL).toBe('visible');
    await resetCamera();
  });

  it('search finds a node by name and opening it sets the route and the map selection', async () => {
    await page.keyboard.press('Escape');
    await page.locator('body').press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search nodes');
    await page.keyboard.type('review');
    const option = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first();
    await option.waitFor();
    expect(await option.textContent()).toContain(AGENT);
    await page.keyboard.press('Enter');
    await expect.poll(route, POLL).toBe(`#/?node=${AGENT}`);
    const selected = () =>
      page.evaluate(() =>
        (window as unknown as { __skillMap: { map: { selected(): string } } }).__skillMap.map.selected(),
      );
    await expect.poll(selected, POLL).toBe(AGENT);
  });

  it('clicking a node on the canvas opens it', async () => {
    // The previous test left a node's panel open; it covers the right of the map, where the node may lie.
    await page.evaluate(() => (location.hash = '#/'));
    await page.waitForSelector('aside[aria-label="Node panel"]', { state: 'detached' });
    await resetCamera();
    const p = await stillPosition(GUIDE);
    expect(await page.evaluate((q) => document.elementFromPoint(q.x, q.y)?.className, p)).toBe('sigma-mouse');
    const width = () => page.evaluate(() => document.querySelector('.map-canvas')?.clientWidth ?? 0);
    const before = await width();
    await page.mouse.click(p.x, p.y);
    await expect.poll(route, POLL).toBe(`#/?node=${GUIDE}`);
    // The panel opened narrows the map's box: sigma's canvases follow it (in a task after the panel is drawn).
    const sizes = () =>
      page.evaluate(() => {
        const box = document.querySelector<HTMLElement>('.map-canvas');
        const canvas = document.querySelector<HTMLCanvasElement>('.map-canvas canvas.sigma-nodes');
        return [box?.clientWidth, canvas === null ? null : canvas.width / devicePixelRatio];
      });
    await page.waitForSelector('aside[aria-label="Node panel"]');
    await expect.poll(width, POLL).toBeLessThan(before);
    await expect.poll(async () => new Set(await sizes()).size, POLL).toBe(1);
  });

  it('a kind filter hides the other kinds, and a reload keeps it', async () => {
    await page.evaluate(() => (location.hash = '#/'));
    await page.locator('details.filters-more > summary').click();
    const all = (await drawn())!;
    expect(all.nodes).toEqual(expect.arrayContaining(map.nodes.map((n) => n.path)));
    expect(realEdges(all.edges)).toEqual(linksBetween(all.nodes));
    expect(all.edges).toContain(`${SKILL} -> ${GUIDE}`);
    await page.getByRole('checkbox', { name: /^skill/ }).check();
    const skills = map.nodes.filter((n) => n.kind === 'skill').length;
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(skills));
    // The edges of a hidden node are hidden with it (the skill's link to the guide), those between shown nodes stay.
    const filtered = (await drawn())!;
    expect(filtered.nodes).toContain(SKILL);
    expect(filtered.nodes).not.toContain(GUIDE);
    expect(filtered.edges).not.toContain(`${SKILL} -> ${GUIDE}`);
    expect(filtered.edges.filter((e) => !filtered.nodes.some((n) => e.startsWith(`${n} -> `)))).toEqual([]);
    expect(filtered.edges.filter((e) => !filtered.nodes.some((n) => e.endsWith(` -> ${n}`)))).toEqual([]);
    await resetCamera();
    await expect.poll(() => position(SKILL), POLL).not.toBeNull();
    expect(await position(AGENT)).toBeNull();
    expect(await page.getByLabel('Filter query').inputValue()).toBe('kind=skill');
    await page.reload();
    await page.waitForSelector('[data-testid="map"][data-ready="true"]');
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(skills));
    await page.locator('details.filters-more > summary').click();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(map.nodes.length));
    // Shown again, with every edge drawn before the filter.
    expect(await drawn()).toEqual(all);
  });

  it('the query box takes the sm export grammar and shows its errors', async () => {
    const query = page.getByLabel('Filter query');
    await query.fill('path=docs/** kind=markdown');
    await expect.poll(() => attr('data-visible'), POLL).toBe('2');
    await query.fill('kind=skill kind=agent');
    expect(await query.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#filter-error').textContent()).toContain('more than once');
    await query.fill('');
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(map.nodes.length));
  });

  it('a scope exclude hides the branch, and the nearest include wins inside it', async () => {
    const details = page.locator('details.filters-more');
    if ((await details.getAttribute('open')) === null)
      await page.locator('details.filters-more > summary').click();
    await page.getByLabel('Scope exclude paths').fill('.claude');
    const outside = map.nodes.filter((n) => !n.path.startsWith('.claude/')).length;
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(outside));
    await resetCamera();
    expect(await position(AGENT)).toBeNull();
    await expect.poll(() => position(GUIDE), POLL).not.toBeNull();
    await page.getByLabel('Scope include paths').fill('.claude/agents');
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(outside + 1));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => attr('data-visible'), POLL).toBe(String(map.nodes.length));
  });

  it('a one-line edit rescanned live moves nothing on the map', async () => {
    const before = await positions();
    expect(Object.keys(before).length).toBe(map.nodes.length);
    const generation = Number(await attr('data-generation'));
    appendFileSync(join(root, GUIDE), 'One more line.\n');
    await expect
      .poll(async () => Number(await attr('data-generation')), { timeout: 15_000 })
      .toBeGreaterThan(generation);
    await page.waitForSelector('[data-testid="map"][data-ready="true"]');
    expect(await positions()).toEqual(before);
    expect(rec.errors).toEqual([]);
    expect(rec.outside(serve.baseUrl)).toEqual([]);
  });
});
