import { rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { resolveHostStateForCwd } from '@skillstate/core';
import { adapterForFormat } from '../adapters/host-configs.js';
import type { CliContext } from '../context.js';
import { CliError } from '../errors.js';
import { Reporter, applyChanges, backupPathFor, readBytes, removableDirs, sha256 } from '../file-ops.js';
import type { FileChange } from '../file-ops.js';
import { MANIFEST_NAME, manifestPath, readManifest } from '../manifest.js';
import type { FileRecord, InstallManifest, ManifestScope } from '../manifest.js';
import { machineManifestPath, tildePath } from './install.js';

/** Options of `skillstate uninstall`. */
export interface UninstallOptions {
  machine: boolean;
  removeState: boolean;
  dryRun: boolean;
}

interface UninstallScope {
  scope: ManifestScope;
  base: string;
  display: (abs: string) => string;
}

type Step = { change: FileChange } | { note: string } | undefined;

/** An exact restore from the first backup, possible only while the file is byte-for-byte what we wrote. */
function exactRestore(rec: FileRecord, abs: string, before: Buffer, us: UninstallScope): Step {
  if (rec.action !== 'edited' || rec.originalSha256 === undefined || rec.backupPath === undefined)
    return undefined;
  if (sha256(before) !== rec.writtenSha256) return undefined;
  const backupAbs = manifestPath(rec.backupPath, us.scope, us.base);
  const original = readBytes(backupAbs);
  if (original === undefined || sha256(original) !== rec.originalSha256) return undefined;
  const detail = ` (${rec.host ?? 'config'}: original bytes from ${us.display(backupAbs)})`;
  return { change: { abs, display: us.display(abs), before, after: original, verb: 'restore', detail } };
}

function planConfig(rec: FileRecord, abs: string, before: Buffer, us: UninstallScope, now: Date): Step {
  const display = us.display(abs);
  const current = sha256(before);
  const restore = exactRestore(rec, abs, before, us);
  if (restore !== undefined) return restore;
  if (rec.format === undefined) return { note: `kept ${display} (no config format recorded)` };
  const adapter = adapterForFormat(rec.format);
  const result = adapter.remove(before.toString('utf8'), display, rec.createdParent === true);
  if (result.outcome === 'absent') return { note: `no skillstate entry left in ${display}; left as is` };
  const deleteFile = rec.action === 'created' && result.empty;
  const change: FileChange = {
    abs,
    display,
    before,
    after: deleteFile ? undefined : result.text,
    verb: deleteFile ? 'delete' : 'update',
    detail: ` (${adapter.host}: ${adapter.setting} removed)`,
  };
  if (current !== rec.writtenSha256) {
    // Someone changed the file after us: keep a copy of their version before touching it.
    change.backupAbs = backupPathFor(abs, now);
    change.backupDisplay = us.display(change.backupAbs);
  }
  return { change };
}

function planRecord(
  key: string,
  rec: FileRecord,
  us: UninstallScope,
  opts: UninstallOptions,
  now: Date,
): Step {
  const abs = manifestPath(key, us.scope, us.base);
  const display = us.display(abs);
  if (rec.kind === 'state' || rec.kind === 'ignore') {
    // Never read: the state can be far larger than a config, and both stay unless the whole folder goes.
    if (statSync(abs, { throwIfNoEntry: false }) === undefined) return { note: `already gone: ${display}` };
    if (opts.removeState) return undefined;
    const what = rec.kind === 'state' ? 'the task state' : 'keeps the state out of commits';
    return { note: `kept ${display} (${what}; --remove-state deletes it)` };
  }
  const before = readBytes(abs);
  if (before === undefined) return { note: `already gone: ${display}` };
  if (rec.kind === 'config') return planConfig(rec, abs, before, us, now);
  if (sha256(before) !== rec.writtenSha256)
    return { note: `kept ${display} (changed since skillstate wrote it)` };
  return { change: { abs, display, before, after: undefined, verb: 'delete', detail: '' } };
}

function locate(
  opts: UninstallOptions,
  ctx: CliContext,
): { file: string; us: UninstallScope; stateRoot?: string } {
  if (opts.machine) {
    const display = (abs: string): string => tildePath(abs, ctx.home);
    return { file: machineManifestPath(ctx.home), us: { scope: 'machine', base: ctx.home, display } };
  }
  const { root } = resolveHostStateForCwd(ctx.cwd, ctx.home);
  const display = (abs: string): string => relative(ctx.cwd, abs);
  return {
    file: join(root, MANIFEST_NAME),
    us: { scope: 'project', base: ctx.cwd, display },
    stateRoot: root,
  };
}

function readOrFail(file: string, us: UninstallScope, opts: UninstallOptions): InstallManifest {
  const manifest = readManifest(file, us.scope, us.base);
  if (manifest !== undefined) return manifest;
  const hint = opts.machine
    ? 'was `skillstate install` run on this machine?'
    : 'was `skillstate init` run in this directory?';
  throw new CliError(
    'NO_MANIFEST',
    `no install manifest at ${us.display(file)}; nothing to uninstall (${hint})`,
  );
}

function planFiles(
  manifest: InstallManifest,
  file: string,
  us: UninstallScope,
  opts: UninstallOptions,
  now: Date,
): { changes: FileChange[]; notes: string[] } {
  const changes: FileChange[] = [];
  const notes: string[] = [];
  for (const [key, rec] of Object.entries(manifest.files)) {
    const step = planRecord(key, rec, us, opts, now);
    if (step !== undefined && 'change' in step) changes.push(step.change);
    else if (step !== undefined) notes.push(step.note);
  }
  // The manifest goes last, so an interrupted uninstall can be run again.
  const before = readBytes(file);
  changes.push({
    abs: file,
    display: us.display(file),
    before,
    after: undefined,
    verb: 'delete',
    detail: '',
  });
  return { changes, notes };
}

/** Created directories that will be empty afterwards (the state dir itself when it is removed whole). */
function planDirs(
  manifest: InstallManifest,
  changes: readonly FileChange[],
  us: UninstallScope,
  removedRoot: string | undefined,
): string[] {
  const deleted = new Set(changes.filter((c) => c.after === undefined).map((c) => c.abs));
  if (removedRoot !== undefined) deleted.add(removedRoot);
  const inRoot = (d: string): boolean =>
    removedRoot !== undefined && (d === removedRoot || d.startsWith(removedRoot + sep));
  const dirs = manifest.createdDirs.map((d) => manifestPath(d, us.scope, us.base)).filter((d) => !inRoot(d));
  return removableDirs(dirs, deleted);
}

/**
 * `skillstate uninstall`: reverses what the manifest records. Edited files get their exact original bytes
 * back while untouched since, else just our entry removed; files we created go when nothing else is left.
 */
export function runUninstall(opts: UninstallOptions, ctx: CliContext): number {
  if (opts.machine && opts.removeState) {
    throw new CliError('USAGE', '--remove-state applies to a project, not to --machine');
  }
  const { file, us, stateRoot } = locate(opts, ctx);
  const manifest = readOrFail(file, us, opts);
  const report = new Reporter(ctx.out, opts.dryRun);
  const { changes, notes } = planFiles(manifest, file, us, opts, ctx.now());
  const removedRoot = opts.removeState ? stateRoot : undefined;
  const emptyDirs = planDirs(manifest, changes, us, removedRoot);
  for (const c of changes) report.change(c);
  if (removedRoot !== undefined) {
    const verb = opts.dryRun ? 'would delete' : 'deleted';
    report.line(`${verb} ${us.display(removedRoot)}${sep} (state, checkpoints, agent copies)`);
  }
  for (const dir of emptyDirs) {
    report.line(`${opts.dryRun ? 'would remove' : 'removed'} the empty directory ${us.display(dir)}`);
  }
  for (const note of notes) report.line(note);
  if (opts.dryRun) return 0;
  applyChanges(changes);
  if (removedRoot !== undefined) rmSync(removedRoot, { recursive: true, force: true });
  applyChanges([], emptyDirs);
  const where = opts.machine ? 'is no longer registered with Codex' : 'is uninstalled from this project';
  report.line(`done: skillstate ${where}`);
  return 0;
}
