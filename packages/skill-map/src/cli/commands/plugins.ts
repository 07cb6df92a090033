import {
  doctorReport,
  listPlugins,
  pluginById,
  referenceDoctorReport,
  setPluginEnabled,
  setPluginTrust,
  slotCatalog,
} from '../../engines/index.js';
import type { PluginScope, PluginState } from '../../engines/index.js';
import { CliError } from '../errors.js';
import type { Output } from '../io.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const USAGE =
  'usage: sm plugins list [<id>] | show <id> | enable <id>|<plugin>/<ext> | disable <id>|<plugin>/<ext> | trust <id> [--revoke] | doctor [--details] | slots list';

/** `--no-built-ins` / `--no-plugins` of the verbs that load plugins. */
export function pluginFlags(ctx: VerbContext): { builtIns: boolean; dropIns: boolean } {
  return { builtIns: ctx.options['no-built-ins'] !== true, dropIns: ctx.options['no-plugins'] !== true };
}

function scopeOf(ctx: VerbContext): PluginScope {
  return { projectRoot: ctx.project.root, ...pluginFlags(ctx) };
}

function line(output: Output, p: PluginState): string {
  const status = p.status === 'enabled' ? output.paint('green', p.status) : output.paint('yellow', p.status);
  const on = p.extensions.filter((e) => e.enabled).length;
  return `${p.id.padEnd(18)} ${(p.version ?? '-').padEnd(9)} ${p.source.padEnd(9)} ${status}  ${on}/${p.extensions.length} extensions${p.statusReason === null ? '' : `  ${output.paint('dim', p.statusReason)}`}`;
}

function details(output: Output, p: PluginState): string {
  return [
    output.paint('bold', p.id),
    `  version   ${p.version ?? '-'}`,
    `  source    ${p.source}${p.path === null ? '' : ` (${p.path})`}`,
    `  status    ${p.status}${p.statusReason === null ? '' : `: ${p.statusReason}`}`,
    `  trusted   ${p.trusted ? 'yes' : 'no'}`,
    ...(p.description === undefined ? [] : [`  about     ${p.description}`]),
    ...(p.extensions.length === 0 ? [] : ['', `Extensions (${p.extensions.length}):`]),
    ...p.extensions.map(
      (e) => `  ${e.id.padEnd(40)} ${e.kind.padEnd(9)} ${e.mode.padEnd(13)} ${e.enabled ? 'on' : 'off'}`,
    ),
    ...(p.unloadedExtensions ?? []).map(
      (e) =>
        `  ${`${p.id}/${e.id}`.padEnd(40)} ${e.kind.padEnd(9)} ${e.stability.padEnd(13)} off, not imported (sm plugins enable ${p.id}/${e.id})`,
    ),
  ].join('\n');
}

function idArg(ctx: VerbContext, sub: string): string {
  const id = ctx.args[1];
  if (id === undefined || id === '')
    throw new CliError('USAGE', `sm plugins ${sub} needs a plugin id`, { hint: USAGE });
  return id;
}

async function list(ctx: VerbContext): Promise<VerbResult> {
  // `sm plugins list <id>`: the reference's form of `show` (one plugin, the same document).
  if (ctx.args[1] !== undefined) return show(ctx);
  const plugins = await listPlugins(scopeOf(ctx));
  if (ctx.output.jsonMode) ctx.output.json({ schemaVersion: 1, elapsedMs: elapsedMs(ctx), plugins });
  else ctx.output.out(plugins.map((p) => line(ctx.output, p)).join('\n'));
  return {};
}

async function show(ctx: VerbContext): Promise<VerbResult> {
  const plugin = pluginById(await listPlugins(scopeOf(ctx)), idArg(ctx, ctx.args[0] ?? 'show'));
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...plugin });
  else ctx.output.out(details(ctx.output, plugin));
  return {};
}

async function toggle(ctx: VerbContext, enabled: boolean): Promise<VerbResult> {
  const id = idArg(ctx, enabled ? 'enable' : 'disable');
  const plugin = await setPluginEnabled(scopeOf(ctx), id, enabled);
  const slash = id.indexOf('/');
  const key =
    slash === -1 ? `plugins.${id}.enabled` : `plugins.${plugin.id}.extensions.${id.slice(slash + 1)}.enabled`;
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...plugin });
  else
    ctx.output.out(
      `${enabled ? 'enabled' : 'disabled'} ${id} (${key} in .skill-map/settings.json): ${plugin.status}`,
    );
  return {};
}

async function trust(ctx: VerbContext): Promise<VerbResult> {
  const revoke = ctx.options['revoke'] === true;
  const plugin = await setPluginTrust(scopeOf(ctx), idArg(ctx, 'trust'), !revoke);
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...plugin });
  else
    ctx.output.out(
      revoke
        ? `no longer trusted: ${plugin.id} (its code will not be loaded)`
        : `trusted ${plugin.id} ${plugin.version ?? ''} in this project: ${plugin.status}${plugin.statusReason === null ? '' : ` (${plugin.statusReason})`}`,
    );
  return {};
}

async function doctor(ctx: VerbContext): Promise<VerbResult> {
  const plugins = await listPlugins(scopeOf(ctx));
  const report = doctorReport(plugins);
  if (ctx.output.jsonMode)
    // The reference's document by default; ours (every problem, untrusted ones included, with the fix) on --details.
    ctx.output.json(
      ctx.options['details'] === true
        ? { ...report, elapsedMs: elapsedMs(ctx) }
        : { ...referenceDoctorReport(plugins), elapsedMs: elapsedMs(ctx) },
    );
  else {
    const counts = Object.entries(report.counts)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ');
    const lines = report.problems.map((p) => `${p.id}: ${p.status}: ${p.reason}\n  fix: ${p.fix}`);
    ctx.output.out([`plugins: ${counts}`, ...lines].join('\n'));
  }
  return report.ok ? {} : { failing: true };
}

function slots(ctx: VerbContext): VerbResult {
  if (ctx.args[1] !== 'list')
    throw new CliError('USAGE', `unknown subcommand 'plugins slots ${ctx.args[1] ?? ''}'`.trimEnd(), {
      hint: 'usage: sm plugins slots list',
    });
  const catalog = slotCatalog();
  if (ctx.output.jsonMode) ctx.output.json({ ...catalog, elapsedMs: elapsedMs(ctx) });
  else
    ctx.output.out(
      [
        'View slots (a contribution in plugin.json picks one, and one way to draw its data):',
        ...catalog.slots.map((s) => `  ${s.id.padEnd(16)} ${s.description}`),
        '',
        'Renders:',
        ...catalog.renders.map((r) => `  ${r.id.padEnd(16)} ${r.description}`),
        '',
        catalog.inputTypes.length === 0
          ? 'Setting input types: none (plugins declare no settings form yet)'
          : 'Setting input types:',
      ].join('\n'),
    );
  return {};
}

/** `sm plugins list|show|enable|disable|trust|doctor|slots list`. */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0] ?? 'list';
  if (sub === 'list') return list(ctx);
  if (sub === 'show') return show(ctx);
  if (sub === 'enable' || sub === 'disable') return toggle(ctx, sub === 'enable');
  if (sub === 'trust') return trust(ctx);
  if (sub === 'doctor') return doctor(ctx);
  if (sub === 'slots') return Promise.resolve(slots(ctx));
  throw new CliError('USAGE', `unknown subcommand 'plugins ${sub}'`, { hint: USAGE });
}
