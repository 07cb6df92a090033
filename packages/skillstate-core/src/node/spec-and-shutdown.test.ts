import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC_PROCEDURE_SPEC, INTERCODE_CTF_SPEC } from '../schemas/index.js';
import { installShutdown } from './shutdown.js';
import { resolveSpec } from './spec-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-spec-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('resolveSpec', () => {
  it('prefers the argument, then specPath, then the env, then the project file, then the generic spec', () => {
    writeFileSync(join(dir, 'ctf.json'), JSON.stringify(INTERCODE_CTF_SPEC));
    writeFileSync(join(dir, 'skill-spec.json'), JSON.stringify({ ...GENERIC_PROCEDURE_SPEC, id: 'project' }));
    const env = { SKILLSTATE_SPEC_PATH: 'ctf.json' };
    expect(resolveSpec({ spec: INTERCODE_CTF_SPEC, specPath: 'x', env, projectDir: dir }).source).toBe(
      'argument',
    );
    expect(resolveSpec({ specPath: 'skill-spec.json', env, projectDir: dir })).toMatchObject({
      source: 'specPath',
    });
    expect(resolveSpec({ env, projectDir: dir })).toMatchObject({
      source: 'env',
      spec: { id: 'intercode-ctf' },
    });
    expect(resolveSpec({ env: {}, projectDir: dir })).toMatchObject({
      source: 'project',
      spec: { id: 'project' },
    });
    rmSync(join(dir, 'skill-spec.json'));
    expect(resolveSpec({ env: {}, projectDir: dir })).toEqual({
      spec: GENERIC_PROCEDURE_SPEC,
      source: 'builtin',
    });
  });

  it('never falls back silently from a named or present spec that cannot be used', () => {
    expect(() => resolveSpec({ env: { SKILLSTATE_SPEC_PATH: 'missing.json' }, projectDir: dir })).toThrow(
      `spec file ${join(dir, 'missing.json')} cannot be read`,
    );
    writeFileSync(join(dir, 'skill-spec.json'), '{"id": "x"');
    expect(() => resolveSpec({ projectDir: dir })).toThrow('is not valid JSON');
    writeFileSync(join(dir, 'skill-spec.json'), '{"id": "x"}');
    expect(() => resolveSpec({ projectDir: dir })).toThrow(
      'is not a valid spec: "name" must be a non-empty string',
    );
  });
});

describe('installShutdown', () => {
  it('calls save on SIGINT and SIGTERM, swallows failures and uninstalls idempotently', async () => {
    const before = process.listenerCount('SIGTERM');
    const calls: string[] = [];
    const uninstall = installShutdown(() => {
      calls.push('save');
      throw new Error('ignored');
    });
    process.emit('SIGTERM');
    process.emit('SIGINT');
    const uninstallAsync = installShutdown(() => Promise.reject(new Error('ignored too')));
    process.emit('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['save', 'save', 'save']);
    uninstall();
    uninstall();
    uninstallAsync();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
