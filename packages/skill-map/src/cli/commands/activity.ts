import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  activityHookStatus,
  HOOK_PLANS,
  installActivityHooks,
  uninstallActivityHooks,
} from '../../engines/activity/index.js';
import type { HookChange, HostHookStatus } from '../../engines/activity/index.js';
import { runReport } from '../activity-hook/report.js';
import { serveTargetAt, targetBaseUrl } from '../activity-hook/serve-target.js';
import { CliError } from '../errors.js';
import type { Output } from '../io.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const USAGE = 'usage: sm activity install|uninstall|status [--for claude|codex|opencode] [--dry-run]';

/** The `sm` bin of this build (bin/sm.js of the package this module belongs to). */
function smBin(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = join(dir, 'bin', 'sm.js');
    if (existsSync(bin) && existsSync(join(dir, 'package.json'))) return realpathSync(bin);
    const parent = dirname(dir);
    if (parent === dir) throw new CliError('UNAVAILABLE', 'cannot find the sm bin of this build');
    dir = parent;
  }
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * What the hook runs. When `sm` on the PATH (outside node_modules/.bin) is this very bin (an installed skill-map),
 * just `sm`: it survives a Node upgrade and a reinstall. Otherwise (a checkout, npx) this node and this bin by absolute path, so it runs whatever
 * the host's PATH is; `sm activity status` says `outdated` once either path changes, and install rewrites it.
 */
export function hookArgv(env: Readonly<Record<string, string | undefined>>): string[] {
  const bin = smBin();
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    // npm and npx put node_modules/.bin on the PATH of what they run, not on the agent host's.
    if (dir === '' || /node_modules[\\/]\.bin[\\/]?$/.test(dir)) continue;
    if (realOrNull(join(dir, 'sm')) === bin) return ['sm'];
  }
  return [process.execPath, bin];
}

function hostOption(ctx: VerbContext): string | undefined {
  const host = ctx.options['for'];
  if (host === true) throw new CliError('USAGE', '--for needs a host', { hint: USAGE });
  return typeof host === 'string' ? host : undefined;
}

function slots(host: string): string {
  const plan = (HOOK_PLANS as Record<string, (typeof HOOK_PLANS)['claude'] | undefined>)[host];
  return plan === undefined
    ? 'a plugin that relays the skill and task tool calls'
    : plan.slots.map((s) => (s.matcher === undefined ? s.event : `${s.event} ${s.matcher}`)).join(', ');
}

const RESTORE = {
  'original-bytes': 'its original bytes restored',
  deleted: 'deleted (install created it)',
  'entries-removed': 'only skill-map entries taken out (the file changed since install)',
} as const;

function describe(output: Output, c: HookChange): string {
  if (c.outcome === 'up-to-date') return `activity hooks for ${c.host} are up to date in ${c.file}`;
  if (c.outcome === 'not-installed') return `no activity hooks of skill-map for ${c.host} in ${c.file}`;
  const lines: string[] = [];
  if (c.outcome === 'removed') {
    const head = c.dryRun ? 'would remove' : 'removed';
    lines.push(`${head} activity hooks for ${c.host}: ${c.file} ${RESTORE[c.restore ?? 'entries-removed']}`);
  } else {
    const [verb, done] = c.outcome === 'installed' ? ['install', 'installed'] : ['update', 'updated'];
    const head = c.dryRun ? `would ${verb}` : done;
    lines.push(`${head} activity hooks for ${c.host} in ${c.file}: ${output.paint('dim', slots(c.host))}`);
    if (!c.dryRun)
      lines.push('they report to the running `sm serve` of this project (nothing is sent without one)');
  }
  if (c.dryRun)
    lines.push(c.after === null ? `${c.file} would be deleted` : `${c.file} would read:\n${c.after}`);
  return lines.join('\n');
}

interface ServerActivity {
  url: string;
  lastEventAt: number | null;
  events: number;
}

async function serverActivity(root: string): Promise<ServerActivity | null> {
  const target = serveTargetAt(root);
  if (target === null) return null;
  const url = targetBaseUrl(target);
  try {
    const res = await fetch(`${url}/api/activity/status`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json()) as { value?: { lastEventAt?: number | null; events?: number } };
    return { url, lastEventAt: body.value?.lastEventAt ?? null, events: body.value?.events ?? 0 };
  } catch {
    return null;
  }
}

function statusText(output: Output, hosts: HostHookStatus[], server: ServerActivity | null): string {
  const paint = { installed: 'green', outdated: 'yellow', partial: 'yellow', invalid: 'red' } as const;
  const lines = hosts.map((h) => {
    const state =
      h.state in paint
        ? output.paint(paint[h.state as keyof typeof paint], h.state)
        : output.paint('dim', h.state);
    return `${h.host.padEnd(9)} ${state.padEnd(10)} ${h.file ?? ''}\n          ${output.paint('dim', h.reports)}`;
  });
  const last =
    server?.lastEventAt == null ? 'no event yet' : `last event ${new Date(server.lastEventAt).toISOString()}`;
  lines.push(
    '',
    server === null
      ? 'sm serve: not running for this project (hooks report nothing until it runs)'
      : `sm serve: ${server.url}, ${server.events} event(s) since boot, ${last}`,
  );
  return lines.join('\n');
}

/**
 * `sm activity install|uninstall|status|report`: registers the activity hook in a host's hook file (Claude Code:
 * `.claude/settings.local.json`; Codex: `.codex/hooks.json`), takes it out again (byte for byte when the file is as
 * install left it), shows where it stands, or runs the hook itself (`report`, normally reached by the bin without
 * loading the CLI). Installers are exempt from the operations log (spec §11).
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  const root = ctx.project.root;
  const dryRun = ctx.options['dry-run'] === true;
  const json = (value: object): void => ctx.output.json({ elapsedMs: elapsedMs(ctx), ...value });
  switch (sub) {
    case 'install':
    case 'uninstall': {
      const host = hostOption(ctx) ?? 'claude';
      const change =
        sub === 'install'
          ? installActivityHooks(root, { host, argv: hookArgv(ctx.io.env), dryRun })
          : uninstallActivityHooks(root, { host, dryRun });
      if (ctx.output.jsonMode) json(change);
      else ctx.output.out(describe(ctx.output, change));
      return {};
    }
    case 'status': {
      const host = hostOption(ctx);
      const hosts = activityHookStatus(root, { ...(host === undefined ? {} : { host }), argv: null }).map(
        (h) => (h.state === 'installed' ? withCurrent(ctx, h) : h),
      );
      const server = await serverActivity(root);
      if (ctx.output.jsonMode) json({ hosts, server });
      else ctx.output.out(statusText(ctx.output, hosts, server));
      return {};
    }
    case 'report':
      await runReport(reportArgs(ctx), { stdin: ctx.io.stdin, env: ctx.io.env, cwd: ctx.io.cwd });
      return {};
    default:
      throw new CliError(
        'USAGE',
        sub === undefined ? '`sm activity` needs a subcommand' : `unknown activity subcommand '${sub}'`,
        { hint: USAGE },
      );
  }
}

function reportArgs(ctx: VerbContext): string[] {
  const h = hostOption(ctx);
  return h === undefined ? [] : ['--for', h];
}

/** An installed host whose command is not this build's is `outdated` (another checkout or node wrote it). */
function withCurrent(ctx: VerbContext, h: HostHookStatus): HostHookStatus {
  const [fresh] = activityHookStatus(ctx.project.root, { host: h.host, argv: hookArgv(ctx.io.env) });
  return fresh ?? h;
}
