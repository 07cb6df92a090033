// Browser test support: the HTTP statuses a page's requests got, as the browser received them (a no-cors request
// hides its answer from the page, and the server's Cross-Origin-Resource-Policy hides it from playwright's
// response events), read over the Chrome DevTools Protocol.
import type { Page } from 'playwright-core';

/** Resolves with the status of the page's request `Type METHOD path` (`Fetch POST /mcp`) to `origin`. */
export type StatusOf = (key: string) => Promise<number>;

/** Starts recording the statuses of the page's requests to `origin`; call it before the page makes them. */
export async function recordStatuses(page: Page, origin: string): Promise<StatusOf> {
  const keys = new Map<string, string>();
  const codes = new Map<string, number>();
  const seen = new Map<string, number>();
  const waiting = new Map<string, (status: number) => void>();
  // CDP may send a request's ExtraInfo event before or after the request itself: settle once both are in.
  const settle = (requestId: string): void => {
    const key = keys.get(requestId);
    const code = codes.get(requestId);
    if (key === undefined || code === undefined) return;
    seen.set(key, code);
    waiting.get(key)?.(code);
  };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (url.origin !== origin) return;
    keys.set(e.requestId, `${e.type ?? '?'} ${e.request.method} ${url.pathname}`);
    settle(e.requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    codes.set(e.requestId, e.statusCode);
    settle(e.requestId);
  });
  return (key) =>
    seen.has(key) ? Promise.resolve(seen.get(key) as number) : new Promise((r) => waiting.set(key, r));
}
