// Browser support for the web page suites: Debian's Chromium through playwright-core (never a downloaded
// browser), a page that records every request it makes, and screenshots written as test artifacts.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import { chromiumPath } from '../../src/server/testing/chromium.js';

/** `describe` when a Chromium is installed, else `describe.skip`. Titles must start with `browser:`. */
export const describeBrowser = chromiumPath === undefined ? describe.skip : describe;

/** Headless Chromium at 1280x800 (the size the page must stay readable at); WebGL2 runs on SwiftShader. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath as string,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
  });
}

/** A page with the log of every request it made, and the page errors it threw. */
export interface RecordedPage {
  page: Page;
  /** Every request URL the page made, in order (including WebSocket handshakes). */
  requests: string[];
  /** Uncaught exceptions and console errors. */
  errors: string[];
  /** Requests to anywhere but `origin` (data: and blob: URLs are local and excluded). */
  outside(origin: string): string[];
}

export async function openRecordedPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; bypassCSP?: boolean } = {},
): Promise<RecordedPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    // Only for injecting test tools (axe-core); the page's own behaviour is tested under its CSP.
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('websocket', (ws) => requests.push(ws.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    page,
    requests,
    errors,
    outside: (origin) => {
      const http = new URL(origin);
      const ws = `ws://${http.host}`;
      return requests.filter(
        (u) =>
          !u.startsWith(`${http.origin}/`) &&
          !u.startsWith(`${ws}/`) &&
          !u.startsWith('data:') &&
          !u.startsWith('blob:'),
      );
    },
  };
}

/** Where screenshots go: `$SM_ARTIFACTS` when set, else `<os tmpdir>/skill-map-artifacts/` (never the repository). */
export const ARTIFACTS = process.env['SM_ARTIFACTS'] || join(tmpdir(), 'skill-map-artifacts');

/** Writes a full-page screenshot `<name>.png` under ARTIFACTS, prints and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  process.stdout.write(`screenshot: ${file}\n`);
  return file;
}
