import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findServeTarget, serveTargetAt } from './serve-target.js';

let root: string;
const serveJson = (dir: string, info: Record<string, unknown>): void => {
  mkdirSync(join(dir, '.skill-map'), { recursive: true });
  writeFileSync(join(dir, '.skill-map', 'serve.json'), JSON.stringify(info));
};
const good = (dir: string): Record<string, unknown> => ({
  schemaVersion: 1,
  host: '127.0.0.1',
  port: 4242,
  pid: 1,
  scopeRoot: dir,
  token: 'ab'.repeat(32),
});

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sm-serve-target-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('serve.json reader checks (spec §12.2)', () => {
  it('accepts a loopback server of this very scope root, and refuses anything else', () => {
    serveJson(root, good(root));
    expect(serveTargetAt(root)).toMatchObject({ host: '127.0.0.1', port: 4242 });
    for (const bad of [
      { host: '10.0.0.2' },
      { host: 'example.com' },
      { port: 0 },
      { port: '4242' },
      { token: '' },
      { scopeRoot: join(root, 'elsewhere') },
      { scopeRoot: 7 },
    ]) {
      serveJson(root, { ...good(root), ...bad });
      expect(serveTargetAt(root), JSON.stringify(bad)).toBeNull();
    }
    writeFileSync(join(root, '.skill-map', 'serve.json'), '{not json');
    expect(serveTargetAt(root)).toBeNull();
  });

  it('finds the nearest project upwards, and never reports past a project with no server', () => {
    const sub = join(root, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    serveJson(root, good(root));
    expect(findServeTarget(sub)?.scopeRoot).toBe(root);
    const inner = join(root, 'packages', 'inner');
    mkdirSync(join(inner, '.skill-map'), { recursive: true });
    expect(findServeTarget(join(inner))).toBeNull();
  });
});
