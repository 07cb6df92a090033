import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { jsonEqual, readSpecFile, resolveHostStateForCwd } from '@skillstate/core';
import type { CliContext } from '../context.js';
import { CliError } from '../errors.js';
import { Reporter, applyChanges, missingDirs, readBytes } from '../file-ops.js';
import type { FileChange } from '../file-ops.js';
import { detectHosts } from '../hosts.js';
import type { HostName } from '../hosts.js';
import { MANIFEST_NAME, formatManifest, readManifest } from '../manifest.js';
import type { FileRecord, InstallManifest } from '../manifest.js';
import type { PlanScope, PlannedWrite } from '../plan-write.js';
import { INSTALL_HINT, MCP_BIN, findCommand, formatCommand, npmOnlyPathWarning } from '../server-command.js';
import type { ServerCommand } from '../server-command.js';
import { SKILL_RELATIVE_PATH } from '../skill-text.js';
import { adapterFor, planHostConfig, projectConfigPath } from './host-files.js';
import { planIgnoreFile, planSkillFile, planSpecFile, planStateFile } from './project-files.js';

/** Options of `skillstate init`. */
export interface InitOptions {
  /** Hosts named with `--host`; undefined means "as before, else detect". */
  hosts?: HostName[];
  specFile?: string;
  server: ServerCommand;
  /** True when the command came from `--command` (the user's choice), false for the default `skillstate-mcp`. */
  explicitServer?: boolean;
  dryRun: boolean;
}

/**
 * Refuses to register the default `skillstate-mcp` when it is not on the PATH, since no host could start it
 * (nothing is written); a `--command` that does not resolve is the user's choice and only gets a warning.
 */
function checkStartable(opts: InitOptions, hosts: readonly HostName[], ctx: CliContext): void {
  if (hosts.every((h) => h === 'codex')) return;
  const found = findCommand(opts.server.command, ctx.env, ctx.cwd);
  const npmOnly = npmOnlyPathWarning(found, ctx.env);
  if (npmOnly !== undefined) ctx.err(`warning: ${npmOnly}`);
  if (found !== undefined) return;
  if (opts.explicitServer !== true) {
    throw new CliError(
      'SERVER_NOT_FOUND',
      `${MCP_BIN} is not on your PATH, so your hosts could not start the server; ${INSTALL_HINT}, ` +
        'then run `skillstate init` again (or register another command with --command). Nothing was written.',
    );
  }
  ctx.err(
    `warning: ${opts.server.command} was not found (on the PATH or as a file); hosts cannot start it until it is`,
  );
}

function chooseHosts(
  opts: InitOptions,
  prev: InstallManifest | undefined,
  ctx: CliContext,
  report: Reporter,
): HostName[] {
  if (opts.hosts !== undefined) return opts.hosts;
  const recorded = Object.keys(prev?.hosts ?? {}) as HostName[];
  // A re-run keeps the hosts of the first run: the skill file init writes under .claude/ would otherwise
  // be "detected" as Claude Code the second time.
  if (recorded.length > 0) {
    report.line(
      `using the hosts recorded by the previous init: ${recorded.join(', ')} (pass --host to change)`,
    );
    return recorded;
  }
  const detected = detectHosts(ctx.home, ctx.cwd);
  report.line(`detected hosts: ${detected.join(', ')}`);
  return detected;
}

function codexNote(ctx: CliContext, report: Reporter): void {
  if (existsSync(join(ctx.home, '.skillstate', MANIFEST_NAME))) {
    report.line('codex: registered machine-wide by `skillstate install`; nothing to do in this project');
  } else {
    report.line(
      'codex: Codex reads MCP servers from ~/.codex/config.toml, machine-wide; run `skillstate install` once',
    );
  }
}

function nextManifest(
  prev: InstallManifest | undefined,
  opts: InitOptions,
  ctx: CliContext,
  statePath: string,
  planned: PlannedWrite[],
  hostPaths: Partial<Record<HostName, string>>,
  newDirs: string[],
): InstallManifest {
  const files: Record<string, FileRecord> = { ...prev?.files };
  for (const p of planned) if (p.record !== undefined) files[p.key] = p.record;
  const hosts: InstallManifest['hosts'] = { ...prev?.hosts };
  for (const [host, abs] of Object.entries(hostPaths) as [HostName, string][]) {
    hosts[host] = { mcp: { configPath: relative(ctx.cwd, abs), format: adapterFor(host).format } };
  }
  const createdDirs = [...(prev?.createdDirs ?? [])];
  for (const dir of newDirs.map((d) => relative(ctx.cwd, d)))
    if (!createdDirs.includes(dir)) createdDirs.push(dir);
  return {
    version: 2,
    scope: 'project',
    installedAt: prev?.installedAt ?? ctx.now().toISOString(),
    server: opts.server,
    statePath: relative(ctx.cwd, statePath),
    skillPath: SKILL_RELATIVE_PATH,
    hosts,
    files,
    createdDirs,
  };
}

/** Plans each project host's config edit into `planned`; returns the paths used and the unchanged notes. */
function planHosts(
  hosts: readonly HostName[],
  server: ServerCommand,
  ctx: CliContext,
  ps: PlanScope,
  prev: InstallManifest | undefined,
  planned: PlannedWrite[],
): { hostPaths: Partial<Record<HostName, string>>; unchanged: string[] } {
  const hostPaths: Partial<Record<HostName, string>> = {};
  const unchanged: string[] = [];
  for (const host of hosts) {
    if (host === 'codex') continue;
    const abs = projectConfigPath(host, ctx.cwd, prev);
    const result = planHostConfig(adapterFor(host), abs, server, ps, prev?.files ?? {});
    planned.push(result.planned);
    if (result.unchanged !== undefined) unchanged.push(result.unchanged);
    hostPaths[host] = abs;
  }
  return { hostPaths, unchanged };
}

/**
 * `skillstate init`: sets up the project (state file, spec, agent skill) and registers the server with
 * each selected project-level host. Everything is planned and checked first; then written atomically.
 */
export function runInit(opts: InitOptions, ctx: CliContext): number {
  const spec =
    opts.specFile === undefined
      ? undefined
      : { value: readSpecFile(resolve(ctx.cwd, opts.specFile)), from: opts.specFile };
  const { root, statePath } = resolveHostStateForCwd(ctx.cwd, ctx.home);
  const manifestAbs = join(root, MANIFEST_NAME);
  const prev = readManifest(manifestAbs, 'project', ctx.cwd);
  const report = new Reporter(ctx.out, opts.dryRun);
  const hosts = chooseHosts(opts, prev, ctx, report);
  checkStartable(opts, hosts, ctx);
  report.line(`server command: ${formatCommand(opts.server)}`);
  const ps: PlanScope = {
    scope: 'project',
    base: ctx.cwd,
    now: ctx.now(),
    display: (abs) => relative(ctx.cwd, abs),
    backupsTaken: new Set(),
  };
  const prevFiles = prev?.files ?? {};
  const planned = [
    planStateFile(statePath, ps, prevFiles),
    planIgnoreFile(root, ps, prevFiles),
    planSpecFile(ctx, spec, ps, prevFiles),
    planSkillFile(ctx, ps, prevFiles),
  ];
  const { hostPaths, unchanged } = planHosts(hosts, opts.server, ctx, ps, prev, planned);
  const changes = planned.flatMap((p) => (p.change === undefined ? [] : [p.change]));
  const newDirs = changes.filter((c) => c.before === undefined).flatMap((c) => missingDirs(c.abs, ctx.cwd));
  const manifest = nextManifest(prev, opts, ctx, statePath, planned, hostPaths, newDirs);
  const manifestChange = planManifest(manifestAbs, prev, manifest, ps);
  if (manifestChange !== undefined) changes.push(manifestChange);
  for (const c of changes) report.change(c);
  for (const line of unchanged) report.line(line);
  if (hosts.includes('codex')) codexNote(ctx, report);
  if (!opts.dryRun) applyChanges(changes);
  reportDone(changes.length, opts.dryRun, report);
  return 0;
}

function reportDone(changed: number, dryRun: boolean, report: Reporter): void {
  if (changed === 0) report.line('nothing to change: this project is already set up');
  else if (!dryRun) {
    report.line('done: restart your AI host (or reload its MCP servers) to pick up skillstate');
    report.line('check that each host starts the server with `skillstate status`');
  }
}

function planManifest(
  abs: string,
  prev: InstallManifest | undefined,
  next: InstallManifest,
  ps: PlanScope,
): FileChange | undefined {
  if (prev !== undefined && jsonEqual(prev, next)) return undefined;
  // The manifest is ours alone, so it gets no backup.
  const before = readBytes(abs);
  return {
    abs,
    display: ps.display(abs),
    before,
    after: formatManifest(next),
    verb: before ? 'update' : 'create',
    detail: '',
  };
}
