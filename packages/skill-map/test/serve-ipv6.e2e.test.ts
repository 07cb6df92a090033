// Issue 23 point 15a: `sm serve --host '[::1]'` failed with ENOTFOUND (the brackets were passed to listen). The
// BUILT bin is served on the IPv6 loopback, given with and without brackets: it listens there, prints and records
// `http://[::1]:<port>`, and answers on it. Skipped, saying so, on a machine without an IPv6 loopback.
import { createServer } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from './support/project-root.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

/** True when this machine can listen on ::1. */
const hasIpv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});
if (!hasIpv6Loopback) console.warn('serve-ipv6: skipped, this machine has no IPv6 loopback (::1)');

let root = '';
let server: ServeProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!hasIpv6Loopback)('sm serve on the IPv6 loopback (needs ::1)', () => {
  it.each(['[::1]', '::1'])('--host %s listens on ::1 and prints http://[::1]:<port>', async (host) => {
    root = projectRoot('sm-serve-ipv6-', { 'docs/guide.md': '# Guide\n' });
    server = await spawnServe(root, ['--host', host, '--no-watcher']);
    const info = JSON.parse(readFileSync(join(root, '.skill-map', 'serve.json'), 'utf8')) as {
      host: string;
      port: number;
    };
    expect(info.host).toBe('::1');
    const url = `http://[::1]:${info.port}`;
    expect(server.baseUrl).toBe(url);
    while (!server.stderr().includes('Press Ctrl+C')) await new Promise((r) => setTimeout(r, 20));
    expect(server.stderr()).toContain(`  api   ${url}/api/health`);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
  });
});
