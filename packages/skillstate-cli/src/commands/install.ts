import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { jsonEqual } from '@skillstate/core';
import { codexAdapter } from '../adapters/host-configs.js';
import type { CliContext } from '../context.js';
import { Reporter, applyChanges, missingDirs, readBytes } from '../file-ops.js';
import type { FileChange } from '../file-ops.js';
import { MANIFEST_NAME, formatManifest, readManifest } from '../manifest.js';
import type { InstallManifest } from '../manifest.js';
import type { PlanScope } from '../plan-write.js';
import { formatCommand } from '../server-command.js';
import type { ServerCommand } from '../server-command.js';
import { codexConfigPath, planHostConfig } from './host-files.js';

/** Options of `skillstate install`. */
export interface InstallOptions {
  server: ServerCommand;
  dryRun: boolean;
}

/** Shows a path under the home directory as `~/...`. */
export function tildePath(abs: string, home: string): string {
  return abs.startsWith(home + sep) ? `~/${relative(home, abs).split(sep).join('/')}` : abs;
}

/** Where the machine manifest lives: `~/.skillstate/install-manifest.json`. */
export function machineManifestPath(home: string): string {
  return join(home, '.skillstate', MANIFEST_NAME);
}

/** The machine plan scope: absolute paths, shown relative to home. */
export function machineScope(ctx: CliContext): PlanScope {
  return {
    scope: 'machine',
    base: ctx.home,
    now: ctx.now(),
    display: (abs) => tildePath(abs, ctx.home),
    backupsTaken: new Set(),
  };
}

/**
 * `skillstate install`: registers the server machine-wide for Codex in `~/.codex/config.toml`
 * (`$CODEX_HOME` honoured) and records it in the machine manifest for `uninstall --machine`.
 */
export function runInstall(opts: InstallOptions, ctx: CliContext): number {
  const configAbs = codexConfigPath(ctx.home, ctx.env);
  const manifestAbs = machineManifestPath(ctx.home);
  const prev = readManifest(manifestAbs, 'machine', ctx.home);
  const report = new Reporter(ctx.out, opts.dryRun);
  const ps = machineScope(ctx);
  report.line(`server command: ${formatCommand(opts.server)}`);
  const result = planHostConfig(codexAdapter, configAbs, opts.server, ps, prev?.files ?? {});
  if (!existsSync(dirname(configAbs))) {
    report.line(
      `note: ${ps.display(dirname(configAbs))} does not exist yet (is Codex installed?); it will be created`,
    );
  }
  const changes: FileChange[] = result.planned.change === undefined ? [] : [result.planned.change];
  const newDirs = [
    ...changes.flatMap((c) => missingDirs(c.abs, ctx.home)),
    ...missingDirs(manifestAbs, ctx.home),
  ];
  const files = { ...prev?.files };
  if (result.planned.record !== undefined) files[result.planned.key] = result.planned.record;
  const createdDirs = [...(prev?.createdDirs ?? [])];
  for (const dir of newDirs) if (!createdDirs.includes(dir)) createdDirs.push(dir);
  const manifest: InstallManifest = {
    version: 2,
    scope: 'machine',
    installedAt: prev?.installedAt ?? ctx.now().toISOString(),
    server: opts.server,
    hosts: { ...prev?.hosts, codex: { mcp: { configPath: configAbs, format: codexAdapter.format } } },
    files,
    createdDirs,
  };
  if (prev === undefined || !jsonEqual(prev, manifest)) {
    const before = readBytes(manifestAbs);
    const verb = before === undefined ? 'create' : 'update';
    changes.push({
      abs: manifestAbs,
      display: ps.display(manifestAbs),
      before,
      after: formatManifest(manifest),
      verb,
      detail: '',
    });
  }
  for (const c of changes) report.change(c);
  if (result.unchanged !== undefined) report.line(result.unchanged);
  if (!opts.dryRun) applyChanges(changes);
  report.line(
    'claude, opencode and cursor are registered per project: run `skillstate init` in each project',
  );
  if (changes.length === 0) report.line('nothing to change: Codex is already set up');
  else if (!opts.dryRun) report.line('done: restart Codex to pick up skillstate');
  return 0;
}
