import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../testing/temp-tree.js';
import type { TempTree } from '../../testing/temp-tree.js';
import { confineSidecar } from './confine.js';
import { readSidecarFile, SIDECAR_MAX_BYTES } from './sidecar-file.js';

let tree: TempTree;
let outside: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-confine-');
  outside = createTempTree('sm-confine-out-');
  tree.write({ 'docs/a.md': '# A\n' });
});
afterEach(() => {
  tree.remove();
  outside.remove();
});

describe('confineSidecar', () => {
  it('gives the real path of a plain sidecar, present or not yet written', () => {
    const real = realpathSync(tree.root);
    expect(confineSidecar(tree.root, 'docs/a.sm')).toEqual({
      ok: true,
      rel: 'docs/a.sm',
      real: join(real, 'docs/a.sm'),
      realDir: join(real, 'docs'),
    });
  });

  it('refuses a folder or a .sm that leads out of the project, naming the sidecar', () => {
    symlinkSync(outside.root, tree.abs('linked'));
    expect(confineSidecar(tree.root, 'linked/b.sm')).toMatchObject({
      ok: false,
      reason: 'outside-root',
      message: expect.stringContaining('the sidecar linked/b.sm folder leads out of the project'),
    });
    writeFileSync(outside.abs('x.sm'), 'a: 1\n');
    symlinkSync(outside.abs('x.sm'), tree.abs('docs/a.sm'));
    expect(confineSidecar(tree.root, 'docs/a.sm')).toMatchObject({ ok: false, reason: 'outside-root' });
    expect(confineSidecar(tree.root, '../x.sm')).toMatchObject({ ok: false, reason: 'outside-root' });
  });

  it('follows a .sm symlink to another file of the project, and refuses a dangling one', () => {
    tree.write({ 'common/a.sm': '' });
    symlinkSync('../common/a.sm', tree.abs('docs/a.sm'));
    const c = confineSidecar(tree.root, 'docs/a.sm');
    expect(c).toMatchObject({ ok: true, real: join(realpathSync(tree.root), 'common/a.sm') });
    symlinkSync('nowhere.sm', tree.abs('docs/b.sm'));
    expect(confineSidecar(tree.root, 'docs/b.sm')).toMatchObject({ ok: false, reason: 'missing' });
    expect(confineSidecar(tree.root, 'gone/c.sm')).toMatchObject({ ok: false, reason: 'missing' });
  });
});

describe('readSidecarFile', () => {
  it('reads a regular file; a folder or a file over the cap is unreadable by name, without being read', () => {
    tree.write({ 'docs/a.sm': 'annotations:\n  note: hi\n' });
    expect(readSidecarFile(tree.abs('docs/a.sm'))).toMatchObject({ kind: 'ok' });
    expect(readSidecarFile(tree.abs('docs/none.sm'))).toEqual({ kind: 'absent' });
    mkdirSync(tree.abs('docs/dir.sm'));
    expect(readSidecarFile(tree.abs('docs/dir.sm'))).toEqual({
      kind: 'unreadable',
      reason: `${tree.abs('docs/dir.sm')} is not a regular file (a device, FIFO, socket or directory)`,
    });
    writeFileSync(tree.abs('docs/big.sm'), Buffer.alloc(SIDECAR_MAX_BYTES + 1, 0x61));
    expect(readSidecarFile(tree.abs('docs/big.sm'))).toMatchObject({
      kind: 'unreadable',
      reason: expect.stringContaining('docs/big.sm is larger than the 1048576-byte limit'),
    });
  });
});
