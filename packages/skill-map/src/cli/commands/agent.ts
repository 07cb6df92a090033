import { agentStatus, installAgent, uninstallAgent } from '../../engines/agent/index.js';
import type { AgentStatus, AgentTarget, InstallResult, UninstallResult } from '../../engines/agent/index.js';
import { cliEngineContext } from '../engine-context.js';
import { CliError } from '../errors.js';
import type { Output } from '../io.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const USAGE = 'usage: sm agent install|uninstall|status [--for claude|codex|opencode|agent-skills]';

function target(ctx: VerbContext): AgentTarget {
  const host = ctx.options['for'];
  if (host === true) throw new CliError('USAGE', '--for needs a host', { hint: USAGE });
  return typeof host === 'string' ? { host } : {};
}

function installed(output: Output, r: InstallResult): string {
  const where = `${r.dir} (${r.host})`;
  if (r.outcome === 'up-to-date') return `sm-process-jobs is up to date in ${where}`;
  return `${r.outcome} sm-process-jobs in ${where}: ${output.paint('dim', r.written.join(', '))}`;
}

function uninstalled(output: Output, r: UninstallResult): string {
  if (r.outcome === 'not-installed') return `sm-process-jobs is not installed in ${r.dir} (${r.host})`;
  const kept =
    r.kept.length === 0
      ? ''
      : `\nkept files that are not skill-map's: ${output.paint('dim', r.kept.join(', '))}`;
  return `removed sm-process-jobs from ${r.dir} (${r.host}): ${output.paint('dim', r.removed.join(', '))}${kept}`;
}

function status(output: Output, s: AgentStatus): string {
  const width = Math.max(0, ...s.dirs.map((d) => d.dir.length));
  const paint = { current: 'green', outdated: 'yellow', absent: 'dim' } as const;
  const lines = s.dirs.map((d) => {
    const stale = Object.entries(d.files)
      .filter(([, v]) => v !== 'current')
      .map(([n, v]) => `${n} ${v}`);
    const note = d.state === 'outdated' ? `  ${output.paint('dim', stale.join(', '))}` : '';
    return `${d.dir.padEnd(width)}  ${output.paint(paint[d.state], d.state.padEnd(8))}  ${d.hosts.join(', ')}${note}`;
  });
  const gate = s.installed
    ? 'processing agent: installed (operator submits are allowed)'
    : 'processing agent: not installed (run `sm agent install`; submits refuse until then)';
  return [...lines, '', `default host: ${s.defaultHost}`, gate].join('\n');
}

/**
 * `sm agent install|uninstall|status [--for <host>]`: materializes, removes or inspects the sm-process-jobs skill
 * (spec §4.3). An unknown `--for` is an operational error (exit 2) naming the accepted hosts; installers are
 * exempt from the operations log.
 */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  const engine = cliEngineContext(ctx);
  const json = (value: object): void => ctx.output.json({ elapsedMs: elapsedMs(ctx), ...value });
  switch (sub) {
    case 'install': {
      const r = installAgent(engine, target(ctx));
      if (ctx.output.jsonMode) json(r);
      else ctx.output.out(installed(ctx.output, r));
      break;
    }
    case 'uninstall': {
      const r = uninstallAgent(engine, target(ctx));
      if (ctx.output.jsonMode) json(r);
      else ctx.output.out(uninstalled(ctx.output, r));
      break;
    }
    case 'status': {
      const s = agentStatus(engine, target(ctx));
      if (ctx.output.jsonMode) json(s);
      else ctx.output.out(status(ctx.output, s));
      break;
    }
    default:
      throw new CliError(
        'USAGE',
        sub === undefined ? '`sm agent` needs a subcommand' : `unknown agent subcommand '${sub}'`,
        { hint: USAGE },
      );
  }
  return Promise.resolve({});
}
