// The node panel in Debian's Chromium against a spawned `sm serve` on a temp project: a node opened by its route
// shows its sections, links navigate (click and keyboard), dismissing an issue asks consent in the page and
// removes it from the panel and from GET /api/issues, a hostile markdown file renders inert (no script, handler,
// javascript:/data: URL, SVG, frame; no request off the origin), and deleted and virtual nodes say what they are.
// Runs against the BUILT bin and page.
/// <reference lib="dom" /> -- the page.evaluate callbacks run in the browser
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServed, projectRoot, writeFiles } from './support/project-root.js';
import { describeBrowser, launchBrowser, openRecordedPage, screenshot } from './support/browser.js';
import type { RecordedPage } from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { smAsync, spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

const LINT = '.claude/skills/lint/SKILL.md';
const NOTES = '.claude/skills/notes/SKILL.md';
const HOSTILE = 'docs/hostile.md';
const DOOMED = 'docs/doomed.md';

const HOSTILE_BODY = [
  '# Hostile',
  '',
  `<script>window.__pwned = 'script'</script>`,
  `<img src="x" onerror="window.__pwned = 'onerror'">`,
  `<svg onload="window.__pwned = 'svg'"><circle r="5"/></svg>`,
  `<math><mi xlink:href="javascript:window.__pwned='math'">x</mi></math>`,
  '<iframe src="http://example.invalid/frame"></iframe>',
  '<object data="http://example.invalid/o"></object><embed src="http://example.invalid/e">',
  '<form action="http://example.invalid/f"><input name="q"></form>',
  '<style>body { background: url(http://example.invalid/bg.png) }</style>',
  `<a href="javascript:window.__pwned='raw-a'">raw link</a>`,
  '',
  `[js link](javascript:window.__pwned='md-js') [js upper](JaVaScRiPt:window.__pwned='md-js2')`,
  '[vb link](vbscript:msgbox(1)) [proto-relative](//example.invalid/x)',
  '[data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0nZGF0YSc8L3NjcmlwdD4=)',
  `<javascript:window.__pwned='autolink'>`,
  '',
  '![remote](http://example.invalid/x.png)',
  '![data img](data:image/png;base64,iVBORw0KGgo=)',
  '![svg img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  '',
  '[back to agents](../AGENTS.md "a\\" onmouseover=\\"window.__pwned=1")',
  '',
].join('\n');

const PROJECT: Record<string, string> = {
  '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 100 } } }),
  'AGENTS.md': '# Agents\nSee [the guide](docs/guide.md) and [lint](.claude/skills/lint/SKILL.md).\n',
  [LINT]:
    '---\nname: lint\ndescription: Lints the code.\nmetadata:\n  owner: platform-team\n  levels: [1, 2]\n---\n' +
    '# Lint\n\nRun the linter, then write [notes](../notes/SKILL.md).\n\n- **bold** item\n\n```sh\nnpm run lint\n```\n',
  [NOTES]: '---\nname: notes\ndescription: Writes notes.\n---\nSee [missing](missing.md).\n',
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews.\ntools: Read, mcp__github__get_pr\n---\nUse the lint skill.\n',
  'docs/guide.md': '# Guide\nBack to [agents](../AGENTS.md).\n',
  [HOSTILE]: `---\nname: hostile\ndescription: <img src=x onerror="window.__pwned='frontmatter'">\n---\n${HOSTILE_BODY}`,
  [DOOMED]: '# Doomed\nThis file is deleted while its panel is open.\n',
};

/** Page errors other than the browser's log line for an expected refusal (`status of 412`, `404`). */
const unexpected = (errors: string[], ...statuses: number[]): string[] =>
  errors.filter(
    (e) => !statuses.some((s) => e.includes('Failed to load resource') && e.includes(`status of ${s}`)),
  );

/** A finder report of core/ai-vagueness-analyzer with one finding. */
const REPORT = JSON.stringify({
  confidence: 0.8,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  findings: [{ type: 'unpinned-tool', severity: 'warn', message: 'Runs "the linter" without naming it.' }],
});

let root: string;
let server: ServeProcess;
let browser: Browser;

const write = (files: Record<string, string>): void => writeFiles(root, files);

/** The in-page route of a node's panel. */
const hashOf = (path: string): string => `#/?${new URLSearchParams({ node: path }).toString()}`;
const route = (path: string): string => `${server.baseUrl}/${hashOf(path)}`;
const panelOf = (page: Page) => page.locator('aside[aria-label="Node panel"]');

/** Opens a node's panel by its route and waits until its sections are drawn. */
async function openPanel(rec: RecordedPage, path: string): Promise<void> {
  await rec.page.goto(route(path));
  await rec.page
    .locator(`aside[aria-label="Node panel"][data-path="${path}"] [data-state="ready"]`)
    .waitFor();
}

async function issuesOf(node: string): Promise<{ analyzerId: string; nodeIds: string[] }[]> {
  const res = await fetch(`${server.baseUrl}/api/issues?${new URLSearchParams({ node }).toString()}`);
  return ((await res.json()) as { items: { analyzerId: string; nodeIds: string[] }[] }).items;
}

describeBrowser('browser: node panel', () => {
  beforeAll(async () => {
    root = projectRoot('sm-ui-panel-', PROJECT);
    server = await spawnServe(root);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await closeServed(browser, server, root);
  });

  it('a node opened by its route shows its sections; body and link-list links navigate, by click and keyboard', async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await openPanel(rec, LINT);
    const panel = panelOf(page);
    await expect(panel.locator('h2').textContent()).resolves.toBe('lint');
    await expect(panel.locator('h3').allTextContents()).resolves.toEqual([
      'Frontmatter',
      'Body',
      'Links',
      'Issues',
      'Findings',
      'Jobs',
      'Annotations',
    ]);
    // Nested frontmatter is readable; the body is rendered markdown.
    const frontmatter = panel.locator('section[aria-labelledby="panel-section-frontmatter"]');
    await expect(frontmatter.textContent()).resolves.toContain('platform-team');
    await expect(frontmatter.locator('th', { hasText: 'owner' }).count()).resolves.toBe(1);
    await expect(
      frontmatter.locator('tr', { hasText: 'levels' }).locator('.value-item').allTextContents(),
    ).resolves.toEqual(['1', '2']);
    const body = panel.getByTestId('node-body');
    // Its headings sit under the panel's h3 (h1 → h4), so the outline stays in order.
    await expect(body.locator('h4').textContent()).resolves.toBe('Lint');
    await expect(body.locator('pre code').textContent()).resolves.toContain('npm run lint');
    // Incoming from AGENTS.md, outgoing to notes, each with its kind, confidence and state.
    const outgoing = panel.getByRole('list', { name: /Outgoing/ });
    const toNotes = outgoing.getByRole('link', { name: /notes/ });
    await expect(toNotes.getAttribute('href')).resolves.toBe(hashOf(NOTES));
    await expect(outgoing.locator('li').first().textContent()).resolves.toMatch(/references.*100%.*ok/);
    await expect(
      panel
        .getByRole('list', { name: /Incoming/ })
        .getByRole('link')
        .textContent(),
    ).resolves.toBe('AGENTS.md');

    // A link in the body navigates in the page.
    await body.locator(`a[data-node="${NOTES}"]`).click();
    await page.locator(`aside[data-path="${NOTES}"] h3`).first().waitFor();
    await expect(panel.locator('h2').textContent()).resolves.toBe('notes');
    expect(new URL(page.url()).hash).toBe(hashOf(NOTES));
    // The broken link is shown as broken, not as a link into nothing.
    const broken = panel.getByRole('list', { name: /Outgoing/ }).locator('li');
    await expect(broken.getAttribute('data-state')).resolves.toBe('broken');
    await expect(broken.locator('a').count()).resolves.toBe(0);
    await expect(broken.textContent()).resolves.toContain('.claude/skills/notes/missing.md');
    await expect(panel.locator('.issue-item').first().textContent()).resolves.toContain('reference-broken');

    // Keyboard: the incoming link back to lint is focusable and Enter follows it.
    await panel
      .getByRole('list', { name: /Incoming/ })
      .getByRole('link')
      .focus();
    await page.keyboard.press('Enter');
    await page.locator(`aside[data-path="${LINT}"] h3`).first().waitFor();
    // Back returns to the previous node; Escape closes the panel.
    await page.goBack();
    await page.locator(`aside[data-path="${NOTES}"]`).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(rec.errors).toEqual([]);
    await page.context().close();
  });

  it('dismissing an issue asks consent (Escape cancels, nothing written); Allow once removes it from the panel and GET /api/issues', async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await openPanel(rec, NOTES);
    const panel = panelOf(page);
    const issue = panel.locator('.issue-item[data-analyzer="reference-broken"]');
    await issue.waitFor();
    await screenshot(page, 'node-panel');

    await issue.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consent' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('.claude/skills/notes/missing.md');
    // Focus is in the dialog and stays there.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Allow once');
    await page.keyboard.press('Shift+Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Allow once');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Escape cancelled the question, not the panel; focus went back to the button.
    await expect(panel.getAttribute('data-path')).resolves.toBe(NOTES);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Dismiss');
    await expect(issue.count()).resolves.toBe(1);
    expect((await issuesOf(NOTES)).map((i) => i.analyzerId)).toContain('reference-broken');

    await issue.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await issue.waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    expect((await issuesOf(NOTES)).map((i) => i.analyzerId)).not.toContain('reference-broken');
    // The suppression now shows among the sidecar's annotations (after the panel's reload).
    const annotations = panel.locator('section[aria-labelledby="panel-section-annotations"]');
    await expect
      .poll(() => annotations.textContent(), { timeout: 10_000 })
      .toContain('.claude/skills/notes/missing.md');
    // Undismissed outside the page, the issue comes back live at the next scan (the edit of the file triggers it).
    const undo = runSm(
      ['issues', 'undismiss', NOTES, 'reference-broken', '.claude/skills/notes/missing.md', '--yes'],
      {
        cwd: root,
      },
    );
    expect(undo.code).toBe(0);
    write({ [NOTES]: `${PROJECT[NOTES]!}\nEdited.\n` });
    await issue.waitFor({ timeout: 15_000 });
    expect(unexpected(rec.errors, 412)).toEqual([]);
    await page.context().close();
  });

  it('a hostile markdown file renders with nothing active and nothing loaded from outside the origin', async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openPanel(rec, HOSTILE);
    const panel = panelOf(page);
    const body = panel.getByTestId('node-body');
    await body.waitFor();
    // The neutralised links do nothing when clicked.
    for (const link of await body.locator('a:not([href])').all()) await link.click();
    await page.waitForLoadState('networkidle');
    const report = await page.evaluate(() => {
      const aside = document.querySelector('aside[aria-label="Node panel"]');
      const md = document.querySelector('[data-testid="node-body"]');
      const all = [...(aside?.querySelectorAll('*') ?? [])];
      return {
        pwned: (window as { __pwned?: unknown }).__pwned,
        // The whole panel has no active element; the body not even a form (the panel's own job form is outside it).
        active: [
          ...(aside?.querySelectorAll(
            'script, iframe, object, embed, style, svg, math, img, video, audio, link, meta, base',
          ) ?? []),
          ...(md?.querySelectorAll('form, input, button, textarea, select') ?? []),
        ].map((e) => e.tagName),
        handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
        urls: all.flatMap((e) =>
          [...e.attributes]
            .filter(
              (a) =>
                /(href|src|action|data)$/i.test(a.name) && /^\s*(javascript|vbscript|data):/i.test(a.value),
            )
            .map((a) => `${a.name}=${a.value}`),
        ),
        hrefs: [...(md?.querySelectorAll('a[href]') ?? [])].map((a) => a.getAttribute('href')),
        text: md?.textContent ?? '',
      };
    });
    expect(report.pwned).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(report.active).toEqual([]);
    expect(report.handlers).toEqual([]);
    expect(report.urls).toEqual([]);
    // Raw HTML stays text; the only surviving link is the in-page route to AGENTS.md.
    expect(report.text).toContain(`<script>window.__pwned = 'script'</script>`);
    expect(report.hrefs).toEqual([hashOf('AGENTS.md')]);
    // The remote and the data: images show as their alt text (markdown-it leaves an SVG data: image as text).
    await expect(body.locator('.md-image').allTextContents()).resolves.toEqual([
      '[image: remote]',
      '[image: data img]',
    ]);
    expect(rec.outside(server.baseUrl)).toEqual([]);
    expect(rec.errors).toEqual([]);
    await page.context().close();
  });

  it('an edit on disk updates the open panel in place; a deleted node says it no longer exists; a virtual node has no body', async () => {
    const rec = await openRecordedPage(browser, { colorScheme: 'dark' });
    const { page } = rec;
    await openPanel(rec, 'mcp://github');
    const panel = panelOf(page);
    await panel.getByTestId('node-virtual').waitFor();
    await expect(
      panel.locator('section[aria-labelledby="panel-section-body"]').textContent(),
    ).resolves.toContain('no body');
    await expect(
      panel
        .getByRole('list', { name: /Incoming/ })
        .getByRole('link')
        .textContent(),
    ).resolves.toContain('reviewer');

    await openPanel(rec, DOOMED);
    await panel.getByTestId('node-body').waitFor();
    await screenshot(page, 'node-panel-dark');
    // An edit on disk shows live, in place: the content never goes back to "loading" (no flicker).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { __states?: string[] }).__states = seen;
      const watch = new MutationObserver(() => {
        const state = document
          .querySelector('aside[aria-label="Node panel"] [data-state]')
          ?.getAttribute('data-state');
        if (state) seen.push(state);
      });
      watch.observe(document.querySelector('aside[aria-label="Node panel"]') as Node, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    write({ [DOOMED]: '# Doomed\nEdited live.\n' });
    await expect
      .poll(() => panel.getByTestId('node-body').textContent(), { timeout: 15_000 })
      .toContain('Edited live.');
    const states = await page.evaluate(() => (window as { __states?: string[] }).__states ?? []);
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter((s) => s !== 'ready')).toEqual([]);
    unlinkSync(join(root, DOOMED));
    // The watcher rescans, the panel reloads on scan.completed and finds the node gone.
    await panel.getByTestId('node-missing').waitFor({ timeout: 15_000 });
    await expect(panel.textContent()).resolves.toContain('no longer exists');
    expect(unexpected(rec.errors, 404)).toEqual([]);
    await page.context().close();
  });

  it("jobs: a refused submit is a clear message; submit, cancel; a recorded job's finding: resolve, reopen, dismiss, suppress with Always allow", async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await openPanel(rec, LINT);
    const panel = panelOf(page);
    const jobs = panel.locator('section[aria-labelledby="panel-section-jobs"]');
    const submit = jobs.getByRole('form', { name: 'Submit a job' });
    await submit.getByRole('combobox').selectOption('core/ai-vagueness-analyzer');
    // Fixers with nothing to fix on this node are not offered.
    await expect(submit.locator('option[value="core/ai-security-action"]').count()).resolves.toBe(0);
    await submit.getByRole('button', { name: 'Submit job' }).click();
    await expect.poll(() => jobs.getByRole('status').textContent()).toContain('sm agent install');

    expect(runSm(['agent', 'install', '--json'], { cwd: root }).code).toBe(0);
    await submit.getByRole('button', { name: 'Submit job' }).click();
    const row = jobs.locator('tr[data-job]');
    await expect.poll(() => row.getAttribute('data-status')).toBe('queued');
    await row.getByRole('button', { name: /^Cancel job/ }).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('cancelled');

    // A job submitted, claimed and recorded outside the page shows live, with its finding.
    expect(runSm(['jobs', 'submit', LINT, 'ai-vagueness-analyzer'], { cwd: root }).code).toBe(0);
    await expect.poll(() => jobs.locator('tr[data-status="queued"]').count()).toBe(1);
    const claim = runSm(['jobs', 'claim', '--filter', 'ai-vagueness-analyzer', '--json'], { cwd: root });
    const claimed = JSON.parse(claim.stdout) as { id: string; nonce: string };
    const recorded = await smAsync(
      root,
      ['record', claimed.id, '--nonce', claimed.nonce, '--status', 'completed', '--report', '-'],
      REPORT,
    );
    expect(recorded.code).toBe(0);
    await expect
      .poll(() => jobs.locator(`tr[data-job="${claimed.id}"]`).getAttribute('data-status'))
      .toBe('completed');
    const findings = panel.locator('section[aria-labelledby="panel-section-findings"]');
    const finding = findings.locator('li[data-finding]');
    await expect.poll(() => finding.textContent()).toContain('without naming it');
    await finding.getByRole('button', { name: 'Resolve' }).click();
    await finding.waitFor({ state: 'detached' });
    await findings.getByRole('checkbox', { name: /Show dismissed and fixed/ }).check();
    await expect.poll(() => finding.getAttribute('data-state')).toBe('fixed');
    await finding.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => finding.getAttribute('data-state')).toBe('open');
    await finding.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => finding.getAttribute('data-state')).toBe('dismissed');
    // Suppressing the type writes the sidecar: consent; "Always allow" persists it, so lifting asks nothing.
    await finding.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => finding.getAttribute('data-state')).toBe('open');
    await finding.getByRole('button', { name: 'Suppress type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consent' });
    await dialog.getByRole('button', { name: 'Always allow' }).click();
    await expect.poll(() => finding.getAttribute('data-state')).toBe('suppressed');
    const local = JSON.parse(readFileSync(join(root, '.skill-map', 'settings.local.json'), 'utf8')) as object;
    expect(local).toMatchObject({ allowEditSmFiles: true });
    await finding.getByRole('button', { name: 'Lift suppression' }).click();
    await expect.poll(() => finding.getAttribute('data-state')).toBe('open');
    await expect(dialog.count()).resolves.toBe(0);
    expect(unexpected(rec.errors, 409, 412)).toEqual([]);
    await page.context().close();
  });
});
