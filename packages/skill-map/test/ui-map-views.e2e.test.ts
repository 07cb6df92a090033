/// <reference lib="dom" />
// The map's views in Debian's Chromium against a spawned `sm serve`: markers follow the issues view's severities
// (an info-level broken target draws no ring until info is shown), Back after opening a node leaves no highlight
// and restores the camera, the legend starts folded and remembers, and focus views live in the URL. Every check
// reads what was rendered, through window.__smMap (src/map/debug-hooks.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, openRecordedPage, type RecordedPage } from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

const SKILL = '.claude/skills/notes/SKILL.md';
const AGENT = '.claude/agents/writer.md';
const PLAN = 'docs/plan.md';
const README = 'README.md';
const GHOST = '\u2298 ';
const PROJECT: Record<string, string> = {
  // An error: an explicit link to a file that is not there, in a skill.
  [SKILL]: '---\nname: notes\ndescription: Writes notes.\n---\nSee [the template](template.md).\n',
  [AGENT]:
    '---\nname: writer\ndescription: Writes.\n---\nUses [the notes skill](../skills/notes/SKILL.md). Read [the plan](../../docs/plan.md).\n',
  // Info only: inline-code paths in a plan that name no file (`sm check` lists them only under --severity info).
  [PLAN]: '# Plan\nRead `notes/design.md` and `src/lib/engine.md` first.\n',
  [README]: '# Project\nSee [the plan](docs/plan.md) and [the writer](.claude/agents/writer.md).\n',
};

const POLL = { timeout: 15_000 };

let root: string;
let serve: ServeProcess;
let browser: Browser;
let rec: RecordedPage;
let page: Page;

const ringOf = (key: string) =>
  page.evaluate(
    (k) => (window as unknown as { __smMap: { ringOf(k: string): string | null } }).__smMap.ringOf(k),
    key,
  );

interface Camera {
  x: number;
  y: number;
  ratio: number;
}
interface Selection {
  node: string | null;
  highlighted: string[];
  dimmed: boolean;
}
const debug = <T>(field: string) =>
  page.evaluate(
    (f) => (window as unknown as { __smMap: Record<string, unknown> }).__smMap[f],
    field,
  ) as Promise<T>;
const camera = () => debug<Camera>('camera');
const selection = () => debug<Selection>('selection');
const route = () => page.evaluate(() => decodeURIComponent(location.hash));

/** The camera once it has stopped moving (four reads 150 ms apart agree): the history has recorded it by then. */
async function stillCamera(): Promise<Camera> {
  let last: Camera | null = null;
  let same = 0;
  for (let i = 0; i < 200; i++) {
    const c = await camera();
    same = last !== null && c.x === last.x && c.y === last.y && c.ratio === last.ratio ? same + 1 : 0;
    if (same === 3) return c;
    last = c;
    await page.waitForTimeout(150);
  }
  throw new Error('the camera never came to rest');
}

const near = (a: Camera, b: Camera): boolean =>
  Math.abs(a.x - b.x) < 1e-3 && Math.abs(a.y - b.y) < 1e-3 && Math.abs(a.ratio / b.ratio - 1) < 1e-3;

async function openMap(): Promise<void> {
  await page.goto(serve.baseUrl);
  await page.waitForSelector('[data-testid="map"][data-ready="true"]');
}

describeBrowser('browser: map views', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sm-ui-views-'));
    for (const [rel, text] of Object.entries(PROJECT)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    runSm(['scan', '-q'], { cwd: root });
    serve = await spawnServe(root);
    browser = await launchBrowser();
    rec = await openRecordedPage(browser);
    page = rec.page;
    await openMap();
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('draws no ring for an info-level broken target by default, one for an error; showing info brings it', async () => {
    const issues = (await (await fetch(`${serve.baseUrl}/api/issues`)).json()) as {
      items: { severity: string; nodeIds: string[] }[];
    };
    const planSeverities = issues.items.filter((i) => i.nodeIds.includes(PLAN)).map((i) => i.severity);
    expect(planSeverities.length).toBeGreaterThanOrEqual(2);
    expect(new Set(planSeverities)).toEqual(new Set(['info']));
    const infoGhost = `${GHOST}docs/notes/design.md`;
    const errorGhost = `${GHOST}.claude/skills/notes/template.md`;
    await expect.poll(() => ringOf(errorGhost), POLL).toBe('error');
    expect(await ringOf(SKILL)).toBe('error');
    expect(await ringOf(infoGhost)).toBe('none');
    expect(await ringOf(`${GHOST}docs/src/lib/engine.md`)).toBe('none');
    expect(await ringOf(PLAN)).toBe('plain');

    // The issues view's severity toggles are the map's: Info on brings the faint rings, off hides them again.
    await page.evaluate(() => (location.hash = '#/issues'));
    const info = page.getByRole('group', { name: 'Severities' }).getByRole('button', { name: /^Info/ });
    expect(await info.getAttribute('aria-pressed')).toBe('false');
    await info.click();
    await page.evaluate(() => (location.hash = '#/'));
    await expect.poll(() => ringOf(infoGhost), POLL).toBe('info');
    expect(await ringOf(errorGhost)).toBe('error');
    await page.evaluate(() => (location.hash = '#/issues'));
    await info.click();
    await page.evaluate(() => (location.hash = '#/'));
    await expect.poll(() => ringOf(infoGhost), POLL).toBe('none');
    expect(rec.errors).toEqual([]);
  });

  it('Back after opening a node closes the panel, leaves no highlight or dimming, and restores the camera', async () => {
    await page.evaluate(() => (location.hash = '#/'));
    await page.focus('[data-testid="map"]');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => (await camera()).ratio, POLL).toBeLessThan(0.9);
    const before = await stillCamera();
    expect((await selection()).dimmed).toBe(false);

    await page.locator('body').press('/');
    await page.keyboard.type('writer');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
    expect(near(await camera(), before)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(route, POLL).toBe(`#/?node=${AGENT}`);
    await page.waitForSelector('aside[aria-label="Node panel"]');
    await expect.poll(async () => (await selection()).node, POLL).toBe(AGENT);
    const open = await selection();
    expect(open.dimmed).toBe(true);
    expect(open.highlighted).toContain(AGENT);
    const moved = await stillCamera();
    expect(near(moved, before)).toBe(false);

    await page.goBack();
    await expect.poll(route, POLL).toBe('#/');
    await page.waitForSelector('aside[aria-label="Node panel"]', { state: 'detached' });
    await expect.poll(selection, POLL).toEqual({ node: null, highlighted: [], dimmed: false });
    await expect.poll(async () => near(await camera(), before), POLL).toBe(true);
    expect(rec.errors).toEqual([]);
  });

  it('the legend starts folded on a first visit and stays as it was left across reloads', async () => {
    const fresh = await openRecordedPage(browser);
    try {
      const p = fresh.page;
      await p.goto(serve.baseUrl);
      await p.waitForSelector('[data-testid="map"][data-ready="true"]');
      const toggle = p.getByRole('button', { name: 'Legend' });
      const body = p.locator('aside[aria-label="Legend"] .legend-body');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await body.count()).toBe(0);
      await toggle.click();
      await expect.poll(() => body.count(), POLL).toBe(1);
      await p.reload();
      await p.waitForSelector('[data-testid="map"][data-ready="true"]');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await body.count()).toBe(1);
      await toggle.click();
      await expect.poll(() => body.count(), POLL).toBe(0);
      await p.reload();
      await p.waitForSelector('[data-testid="map"][data-ready="true"]');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await body.count()).toBe(0);
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.page.context().close();
    }
  });

  it('labels are names; paths only when asked (the legend), and back to names', async () => {
    await page.evaluate(() => (location.hash = '#/'));
    type Box = { text: string; layer: string };
    const nodeTexts = async () =>
      (await debug<Box[]>('labelBoxes')).filter((b) => b.layer === 'node').map((b) => b.text);
    await expect.poll(async () => (await nodeTexts()).length, POLL).toBeGreaterThan(0);
    expect((await nodeTexts()).filter((t) => t.includes('/'))).toEqual([]);
    const toggle = page.getByRole('button', { name: 'Legend' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const paths = page.getByRole('checkbox', { name: 'Label nodes with their paths' });
    await paths.check();
    await expect.poll(async () => (await nodeTexts()).some((t) => t.includes('/')), POLL).toBe(true);
    await paths.uncheck();
    await expect.poll(async () => (await nodeTexts()).filter((t) => t.includes('/')), POLL).toEqual([]);
    expect(rec.errors).toEqual([]);
  });

  it('focus views load from their URL: a neighbourhood (hops adjustable), a path, a reach; Back returns', async () => {
    const fresh = await openRecordedPage(browser);
    const p = fresh.page;
    const focused = () =>
      p.evaluate(
        () => (window as unknown as { __smMap: { focusView: { nodes: string[] } | null } }).__smMap.focusView,
      );
    const nodes = async () => (await focused())?.nodes;
    const shown = () => p.getAttribute('[data-testid="map"]', 'data-visible');
    const load = async (hash: string): Promise<void> => {
      await p.goto('about:blank'); // then a direct load of the URL, not a same-document hash change
      await p.goto(`${serve.baseUrl}/${hash}`);
      await p.waitForSelector('[data-testid="map"][data-ready="true"]');
    };
    const ring = (k: string) =>
      p.evaluate(
        (key) => (window as unknown as { __smMap: { ringOf(k: string): string | null } }).__smMap.ringOf(key),
        k,
      );
    try {
      // The neighbourhood of README, one hop: the plan and the writer, not the skill two links away.
      await load(`#/?focus=hood&of=${README}&hops=1`);
      await expect.poll(nodes, POLL).toEqual([AGENT, README, PLAN]);
      expect(await shown()).toBe('3');
      expect(await ring(SKILL)).toBe('none');
      expect(await ring(AGENT)).not.toBe('none');
      const bar = p.getByRole('region', { name: 'Focus view' });
      expect(await bar.textContent()).toContain('Neighbourhood of README.md');
      await bar.getByRole('button', { name: 'More hops' }).click();
      await expect.poll(() => p.evaluate(() => location.hash), POLL).toContain('hops=2');
      await expect.poll(nodes, POLL).toEqual([AGENT, SKILL, README, PLAN]);
      await p.goBack();
      await expect.poll(nodes, POLL).toEqual([AGENT, README, PLAN]);

      // The path from README to the skill: through the writer, not the plan.
      await load(`#/?focus=path&from=${README}&to=${SKILL}`);
      await expect.poll(nodes, POLL).toEqual([AGENT, SKILL, README]);
      expect(await ring(PLAN)).toBe('none');

      // What the writer reaches, following its links forward: the skill and the plan, not README (it links in).
      await load(`#/?focus=reach&of=${AGENT}`);
      await expect.poll(nodes, POLL).toEqual([AGENT, SKILL, PLAN]);
      expect(await ring(README)).toBe('none');

      // One gesture from the node panel; Back returns to the whole map.
      await load(`#/?node=${README}`);
      expect(await focused()).toBeNull();
      await p
        .getByRole('group', { name: 'Focus the map' })
        .getByRole('button', { name: 'Neighbourhood' })
        .click();
      await expect.poll(nodes, POLL).toEqual([AGENT, README, PLAN]);
      await p.goBack();
      await expect.poll(focused, POLL).toBeNull();
      await expect.poll(shown, POLL).toBe('4');
      expect(await ring(SKILL)).not.toBe('none');
      expect(fresh.errors).toEqual([]);
    } finally {
      await p.context().close();
    }
  }, 180_000);
});
