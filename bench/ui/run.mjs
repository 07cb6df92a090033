#!/usr/bin/env node
// npm run bench:ui: the web page on generated 1,000- and 10,000-node projects (bench/scan's generator, `sm scan`,
// `sm serve --no-watcher`) in headless Debian Chromium (software WebGL). Per size: time to the first full render
// of the map (navigation start → data-ready), to apply a filter (click → the map redrawn with it), to open a node
// panel (click on the canvas → the panel's heading and links shown), and frame times while panning (rAF deltas
// over ~2 s of synthetic drags, next to a floor: the same drags on a one-node project's map in the same browser, the
// canvas of the same size with nothing to draw), and the longest main-thread task (PerformanceObserver 'longtask')
// from navigation to the first full render, split at the first layout (the target is the longest task while the
// layout worker runs; the spans before and after it are printed beside it). All times are taken in the page. Prints the 10k/1k ratios and the
// targets.
/* global window, document, location, MutationObserver, requestAnimationFrame, addEventListener */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { median, ms, quantile, table, verdict } from '../lib/stats.mjs';
import { generateProject } from '../scan/generate.mjs';

const BIN = fileURLToPath(new URL('../../packages/skill-map/bin/sm.js', import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p !== undefined && p !== '' && existsSync(p),
);
const TARGETS = { render: 3000, filter: 300, panel: 200, frame: 66, longTask: 50 };
const PANEL = 'aside[aria-label="Node panel"]';

const step = (text) => process.stderr.write(`  ${text}\n`);

/** A page-side wait that gives up (the bench must never hang on a missed click). */
function within(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}

async function serve(root) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--no-open', '--no-watcher'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  const info = join(root, '.skill-map', 'serve.json');
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`sm serve exited: ${err}`);
    if (existsSync(info)) {
      const s = JSON.parse(readFileSync(info, 'utf8'));
      if (s.pid === child.pid)
        return { url: `http://${s.host}:${s.port}`, stop: () => child.kill('SIGTERM') };
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`sm serve wrote no serve.json: ${err}`);
}

// Installed before the page's scripts: the moment data-ready turns true, in the page's clock, and every long task
// (over 50 ms, the browser's threshold) with its start and duration.
const READY_PROBE = `
  window.__benchLong = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchLong.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  new MutationObserver((_, obs) => {
    const m = document.querySelector('[data-testid="map"][data-ready="true"]');
    if (m !== null && window.__benchReady === undefined) {
      window.__benchReady = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-ready'] });
`;

async function firstRender(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(READY_PROBE);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: 120_000 });
  // Long tasks are reported after they end: one frame more for the last one.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const t = await page.evaluate(() => {
    const res = performance.getEntriesByType('resource');
    const map = res.find((r) => /\/api\/map(\?|$)/.test(r.name));
    const js = res.find((r) => r.name.includes('/assets/') && r.name.endsWith('.js'));
    return {
      ready: window.__benchReady,
      // The longest main-thread task up to the first full render (0 when none passed 50 ms).
      longTask: Math.max(
        0,
        ...window.__benchLong.filter(([t]) => t <= window.__benchReady).map(([, d]) => d),
      ),
      // The longest main-thread task (0: none over 50 ms) in three spans of the load: from navigation to the
      // first layout's start (the page's and the renderer's code, sigma and its contexts), during the first layout
      // (map:layout: the nodes handed to the layout worker → its answer; what the target is about), and from the
      // layout's answer to the first full render (the graph built and handed to sigma in slices, the first draw).
      ...(() => {
        const longest = (from, to) =>
          Math.max(0, ...window.__benchLong.filter(([t, d]) => t < to && t + d > from).map(([, d]) => d));
        const first = performance.getEntriesByName('map:layout').sort((a, b) => a.startTime - b.startTime)[0];
        if (first === undefined)
          return { layoutWindow: null, bootLongTask: 0, layoutLongTask: 0, drawLongTask: 0 };
        const [from, to] = [first.startTime, first.startTime + first.duration];
        return {
          layoutWindow: [from, to],
          bootLongTask: longest(0, from),
          layoutLongTask: longest(from, to),
          drawLongTask: longest(to, window.__benchReady),
        };
      })(),
      longTasks: window.__benchLong.filter(([t]) => t <= window.__benchReady),
      marks: performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('map:'))
        .map((m) => [m.name, m.startTime, m.duration]),
      jsEnd: js?.responseEnd ?? 0,
      mapStart: map?.requestStart ?? 0,
      mapEnd: map?.responseEnd ?? 0,
      mapBytes: map?.encodedBodySize ?? 0,
      // The renderer's own marks: layout, graph build, first sigma frame.
      measures: Object.fromEntries(
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name.startsWith('map:'))
          .reverse()
          .map((m) => [m.name, m.duration]),
      ),
    };
  });
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  return { page, context, t };
}

/** Centres the camera on a node and waits until it stops moving; the node's page position. */
async function centred(page, path) {
  await page.evaluate((p) => window.__skillMap.map.center(p), path);
  let last = null;
  for (let i = 0; i < 100; i++) {
    await sleep(150);
    const pos = await page.evaluate((p) => window.__skillMap.map.viewportPosition(p), path);
    if (pos !== null && last !== null && pos.x === last.x && pos.y === last.y) return pos;
    last = pos;
  }
  throw new Error(`node ${path} not on the canvas`);
}

/** Click a kind checkbox, until the map says it has redrawn with the filter (plus the next frame). */
async function applyFilter(page, kind) {
  return page.evaluate(async (k) => {
    const details = document.querySelector('details.filters-more');
    if (!details.open) details.open = true;
    const box = [...document.querySelectorAll('form[aria-label="Filters"] fieldset label')]
      .find((l) => l.textContent.startsWith(`${k} `))
      ?.querySelector('input');
    const map = document.querySelector('[data-testid="map"]');
    const before = map.getAttribute('data-visible');
    const t0 = performance.now();
    const changed = new Promise((resolve) => {
      const obs = new MutationObserver(() => {
        if (map.getAttribute('data-visible') === before) return;
        obs.disconnect();
        resolve();
      });
      obs.observe(map, { attributes: true, attributeFilter: ['data-visible'] });
    });
    box.click();
    await changed;
    details.open = false;
    await new Promise((r) => requestAnimationFrame(() => r()));
    return performance.now() - t0;
  }, kind);
}

/**
 * Clicks on `node` (where it is at the moment of the click; `pos` if it is not on the canvas); the time from the page's mousedown to the first frame where `done(arg)` holds in the page
 * (null when it never does within 5 s).
 */
async function clickAndTime(page, node, pos, done, arg) {
  await page.evaluate(() => {
    window.__benchDown = undefined;
    addEventListener('mousedown', () => (window.__benchDown = performance.now()), {
      capture: true,
      once: true,
    });
  });
  // Two clicks on the map less than sigma's doubleClickTimeout (300 ms) apart are a double click (a zoom, no
  // click): on a calm machine the previous step's click can be that recent.
  await sleep(400);
  // Where the node is now (the map's box may have changed size since it was centred).
  const at = (await page.evaluate((p) => window.__skillMap.map.viewportPosition(p), node)) ?? pos;
  await page.mouse.click(at.x, at.y);
  return page.evaluate(
    ([src, a]) =>
      new Promise((resolve) => {
        const cond = new Function('a', `return (${src})(a)`);
        const give = setTimeout(() => resolve(null), 20_000);
        const check = () => {
          if (window.__benchDown !== undefined && cond(a)) {
            clearTimeout(give);
            resolve(performance.now() - window.__benchDown);
          } else requestAnimationFrame(check);
        };
        check();
      }),
    [done.toString(), arg],
  );
}

/** Click a node on the canvas; time to the panel's heading and a link shown (null without a node panel). */
async function openPanel(page, path) {
  await page.evaluate(() => (location.hash = '#/'));
  await page.waitForFunction((sel) => document.querySelector(sel) === null, PANEL);
  const pos = await centred(page, path);
  return clickAndTime(
    page,
    path,
    pos,
    (sel) => {
      const h2 = document.querySelector(`${sel} h2`);
      return (
        h2 !== null && h2.textContent !== '' && document.querySelector(`${sel} a[href*="node="]`) !== null
      );
    },
    PANEL,
  );
}

/** Click a node on the canvas; time to the map drawing it selected (route set). */
async function selectNode(page, path) {
  await page.evaluate(() => (location.hash = '#/'));
  const pos = await centred(page, path);
  const t = await clickAndTime(
    page,
    path,
    pos,
    (p) => window.__skillMap.map.selected() === p && location.hash.includes('node='),
    path,
  );
  if (t === null) {
    const state = await page.evaluate(
      (q) => [
        location.hash,
        window.__skillMap.map.selected(),
        document.elementFromPoint(q.x, q.y)?.className,
        window.__skillMap.map.viewportPosition(q.path),
      ],
      { ...pos, path },
    );
    throw new Error(`a click at ${pos.x},${pos.y} did not select ${path} (page: ${JSON.stringify(state)})`);
  }
  return t;
}

/** Frame deltas while dragging the map around for ~2 s. */
async function pan(page) {
  const box = await page.locator('[data-testid="map"]').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Frame deltas (rAF) over at least ~2 s and 24 frames (up to 20 s on a loaded machine), and the map's own
  // main-thread work per frame (the renderer's map:render+clusters measure: sigma and the layers drawn over it).
  await page.evaluate(() => performance.clearMeasures('map:render+clusters'));
  let done = false;
  const frames = page
    .evaluate(
      () =>
        new Promise((resolve) => {
          const deltas = [];
          let last = performance.now();
          const start = last;
          const tick = (now) => {
            deltas.push(now - last);
            last = now;
            if ((now - start < 2200 || deltas.length < 27) && now - start < 20_000)
              requestAnimationFrame(tick);
            else resolve(deltas.slice(3));
          };
          requestAnimationFrame(tick);
        }),
    )
    .finally(() => (done = true));
  while (!done) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 20 && !done; i++) {
      const a = (i / 20) * Math.PI * 2;
      await page.mouse.move(cx + 180 * Math.cos(a), cy + 120 * Math.sin(a));
    }
    await page.mouse.up();
  }
  const deltas = await frames;
  const work = await page.evaluate(() =>
    performance.getEntriesByName('map:render+clusters').map((m) => m.duration),
  );
  return { deltas, work };
}

const longTaskText = (d) => (d === 0 ? 'none over 50 ms' : ms(d));

/**
 * The floor of a pan frame: the same drags over the map of a one-node project (the canvas, nothing to draw), in a
 * page kept open so that each size's pan is followed at once by a floor pan under the same machine load.
 */
async function openFloor(browser) {
  const root = mkdtempSync(join(tmpdir(), 'sm-bench-ui-floor-'));
  writeFileSync(join(root, 'README.md'), '# Floor\n');
  const scan = spawnSync(process.execPath, [BIN, 'scan', '-q'], { cwd: root, encoding: 'utf8' });
  if (scan.status !== 0 && scan.status !== 1) throw new Error(`sm scan: ${scan.stderr}`);
  const server = await serve(root);
  const run = await firstRender(browser, server.url);
  return {
    pan: async () => {
      const { deltas } = await pan(run.page);
      return { median: median(deltas), p95: quantile(deltas, 0.95) };
    },
    close: async () => {
      await run.context.close();
      server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function benchSize(browser, size, floorPage) {
  const root = mkdtempSync(join(tmpdir(), `sm-bench-ui-${size}-`));
  try {
    step(`generating ${size} nodes, scanning`);
    generateProject(root, size);
    const scan = spawnSync(process.execPath, [BIN, 'scan', '-q'], { cwd: root, encoding: 'utf8' });
    if (scan.status !== 0 && scan.status !== 1) throw new Error(`sm scan: ${scan.stderr}`);
    const server = await serve(root);
    try {
      const mapJson = await (await fetch(`${server.url}/api/map`)).json();
      step('first renders');
      const renders = [];
      let kept = null;
      for (let i = 0; i < RUNS; i++) {
        const run = await firstRender(browser, server.url);
        renders.push(run.t);
        step(`first render ${ms(run.t.ready)} (api/map ${ms(run.t.mapEnd - run.t.mapStart)})`);
        if (process.env.BENCH_TRACE === '1') {
          const w = run.t.layoutWindow;
          step(`  layout window ${w === null ? 'none' : `${ms(w[0])} → ${ms(w[1])}`}`);
          const rows = [
            ...run.t.longTasks.map(([t, d]) => [t, `long task ${ms(d)}`]),
            ...run.t.marks.map(([n, t, d]) => [t, `${n} ${ms(d)}`]),
          ].sort((a, b) => a[0] - b[0]);
          for (const [t, what] of rows) step(`  ${ms(t)}: ${what}`);
        }
        if (i < RUNS - 1) await run.context.close();
        else kept = run;
      }
      const page = kept.page;
      const filters = [];
      step('filter');
      for (let i = 0; i < 6; i++) {
        filters.push(await within(applyFilter(page, 'skill'), 120_000, 'filter'));
        step(`filter ${ms(filters[i])}`);
      }
      // The node with the most outgoing links, so the panel has links to show.
      const degree = new Map();
      for (const l of mapJson.links) degree.set(l.source, (degree.get(l.source) ?? 0) + 1);
      const target = [...degree].sort((a, b) => b[1] - a[1])[0][0];
      step('select');
      const selects = [];
      for (let i = 0; i < 3; i++) selects.push(await selectNode(page, target));
      const panels = [];
      for (let i = 0; i < 3; i++) panels.push(await openPanel(page, target));
      await page.evaluate(() => (location.hash = '#/'));
      await page.evaluate(() => window.__skillMap.map.resetCamera?.());
      // The camera's reset (and, with semantic zoom, the aggregates it closes) before the drags start.
      await sleep(1500);
      step('pan');
      const { deltas: frames, work } = await pan(page);
      step('floor pan');
      const floor = await floorPage.pan();
      await kept.context.close();
      return {
        size,
        nodes: mapJson.nodes.length,
        links: mapJson.links.length,
        render: median(renders.map((r) => r.ready)),
        longTask: Math.max(...renders.map((r) => r.longTask)),
        bootLongTask: Math.max(...renders.map((r) => r.bootLongTask)),
        layoutLongTask: Math.max(...renders.map((r) => r.layoutLongTask)),
        drawLongTask: Math.max(...renders.map((r) => r.drawLongTask)),
        mapFetch: median(renders.map((r) => r.mapEnd - r.mapStart)),
        afterData: median(renders.map((r) => r.ready - r.mapEnd)),
        mapBytes: renders[0].mapBytes,
        layout: median(renders.map((r) => r.measures['map:layout'] ?? 0)),
        graph: median(renders.map((r) => r.measures['map:graph'] ?? 0)),
        sigma: median(renders.map((r) => r.measures['map:render+clusters'] ?? 0)),
        filter: median(filters),
        select: median(selects),
        panel: panels.includes(null) ? null : median(panels),
        frameMedian: median(frames),
        frameP95: quantile(frames, 0.95),
        frames: frames.length,
        workMedian: median(work),
        workP95: quantile(work, 0.95),
        floor,
      };
    } finally {
      server.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (CHROMIUM === undefined) {
  console.log('bench:ui needs Chromium (Debian: apt-get install chromium, or set CHROMIUM_PATH)');
  process.exit(1);
}
// The graphics the page gets. By default Chromium's own choice on a machine without a GPU (chrome://gpu: "WebGL:
// Software only", compositing and raster in software): the map's WebGL runs on SwiftShader, the page is composited
// and rastered on the CPU, as for a user on such a machine. BENCH_GL=forced also puts the browser's compositing and
// raster on SwiftShader as if it were a GPU (--ignore-gpu-blocklist), a harsher set-up no user gets by default: every
// WebGL call that waits for an answer from the GPU process then waits behind the page's own frames there.
const FORCED_GL = process.env.BENCH_GL === 'forced';
const GRAPHICS = FORCED_GL
  ? 'forced: WebGL, compositing and raster all on SwiftShader (BENCH_GL=forced)'
  : "Chromium's own on this machine: WebGL on SwiftShader, compositing and raster in software (BENCH_GL=forced: all on SwiftShader)";
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: FORCED_GL
    ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist']
    : ['--enable-unsafe-swiftshader'],
});
console.log(`graphics: ${GRAPHICS}`);
const results = [];
const floorPage = await openFloor(browser);
try {
  for (const size of SIZES) {
    const r = await benchSize(browser, size, floorPage);
    results.push(r);
    console.log(`\n${r.nodes} nodes, ${r.links} links (generated ${size}), median of ${RUNS} page loads:`);
    table([
      ['first render (nav → data-ready)', ms(r.render)],
      [
        '  GET /api/map?packed=1 (request → body)',
        `${ms(r.mapFetch)}, ${(r.mapBytes / 1024).toFixed(0)} KiB`,
      ],
      ['  body → drawn (parse, layout, graph, sigma)', ms(r.afterData)],
      ['    layout / graph build / a sigma frame', `${ms(r.layout)} / ${ms(r.graph)} / ${ms(r.sigma)}`],
      ['apply a kind filter', ms(r.filter)],
      ['select a node (click → drawn selected)', ms(r.select)],
      [
        'open a node panel (click → heading + links)',
        r.panel === null ? 'n/a (no node panel with links in this build)' : ms(r.panel),
      ],
      ['pan frame time median / p95', `${ms(r.frameMedian)} / ${ms(r.frameP95)} (${r.frames} frames)`],
      [
        '  floor (one-node map, same drags, just after) median / p95',
        `${ms(r.floor.median)} / ${ms(r.floor.p95)}`,
      ],
      ['  map main-thread work per pan frame median / p95', `${ms(r.workMedian)} / ${ms(r.workP95)}`],
      ['longest main-thread task (max of loads)', ''],
      ['  during the first layout (nodes to the worker → its answer)', longTaskText(r.layoutLongTask)],
      ['  before it (page and renderer code, sigma, its contexts)', longTaskText(r.bootLongTask)],
      ['  after it (graph built and handed to sigma, first draw)', longTaskText(r.drawLongTask)],
      ['  anywhere from navigation to the first full render', longTaskText(r.longTask)],
    ]);
  }
} finally {
  await floorPage.close();
  await browser.close();
}
const big = results.find((r) => r.size === 10000) ?? results[results.length - 1];
const small = results.find((r) => r.size === 1000) ?? results[0];
if (big !== small) {
  const ratio = (k) => (big[k] === null || small[k] === null ? 'n/a' : `${(big[k] / small[k]).toFixed(2)}x`);
  console.log(`\n${big.nodes} vs ${small.nodes} nodes:`);
  table([
    ['first render', ratio('render')],
    ['filter', ratio('filter')],
    ['select', ratio('select')],
    ['panel', ratio('panel')],
    ['pan frame median', ratio('frameMedian')],
  ]);
}
console.log(
  `\ntargets at ${big.nodes} nodes (software WebGL; graphics: ${FORCED_GL ? 'forced' : "Chromium's own"}):`,
);
table([
  ['first render < 3 s', `${ms(big.render)} ${verdict(big.render < TARGETS.render)}`],
  ['filter < 300 ms', `${ms(big.filter)} ${verdict(big.filter < TARGETS.filter)}`],
  ['panel < 200 ms', big.panel === null ? 'n/a' : `${ms(big.panel)} ${verdict(big.panel < TARGETS.panel)}`],
  [
    'pan frame median < 66 ms',
    `${ms(big.frameMedian)} ${verdict(big.frameMedian < TARGETS.frame)} (floor ${ms(big.floor.median)})`,
  ],
  [
    'longest task during the first layout < 50 ms',
    `${longTaskText(big.layoutLongTask)} ${verdict(big.layoutLongTask < TARGETS.longTask)}`,
  ],
]);
// Not a target (the issue's is the layout's): the longest task anywhere in the load, and where it fell.
console.log(
  `  (longest task anywhere to the first render: ${longTaskText(big.longTask)}; before the layout ` +
    `${longTaskText(big.bootLongTask)}, after it ${longTaskText(big.drawLongTask)})`,
);
