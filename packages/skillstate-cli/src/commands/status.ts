import type { CliContext } from '../context.js';
import { probeServer } from '../probe.js';
import type { ProbeOutcome } from '../probe.js';
import { INSTALL_HINT, MCP_BIN, findCommand, formatCommand, npmOnlyPathWarning } from '../server-command.js';
import { findRegistrations } from './registrations.js';
import type { Registration } from './registrations.js';

/** Options of `skillstate status`. */
export interface StatusOptions {
  /** How long each registered command has to answer `initialize`. */
  timeoutMs: number;
}

/** The default of `--timeout`: hosts wait about as long before they give up on a server. */
export const DEFAULT_STATUS_TIMEOUT_MS = 10_000;

async function check(reg: Registration, opts: StatusOptions, ctx: CliContext): Promise<ProbeOutcome> {
  if (reg.problem !== undefined || reg.target === undefined) {
    return { starts: false, reason: reg.problem ?? 'no command' };
  }
  return probeServer(reg.target, { cwd: ctx.cwd, env: ctx.env, timeoutMs: opts.timeoutMs });
}

function describe(reg: Registration, outcome: ProbeOutcome): string {
  const where = `${reg.host} (${reg.display})`;
  const command = reg.target === undefined ? '' : `; command: ${formatCommand(reg.target)}`;
  if (outcome.starts) {
    return `${where}: starts: ${outcome.server} answered initialize (protocol ${outcome.protocolVersion})${command}`;
  }
  return `${where}: does not start: ${outcome.reason}${command}`;
}

/**
 * `skillstate status`: for each host config here (and Codex's machine config) that registers skillstate, starts
 * the registered command as the host would, in this directory, and completes an MCP `initialize` handshake
 * with it. Prints one line per host; exits 0 when every one starts, 1 otherwise (or when none registers it).
 */
export async function runStatus(opts: StatusOptions, ctx: CliContext): Promise<number> {
  const { found, checked } = findRegistrations(ctx);
  if (found.length === 0) {
    ctx.err(
      `skillstate: no host config here registers skillstate (checked ${checked.join(', ')}); run \`skillstate init\``,
    );
    return 1;
  }
  const outcomes = await Promise.all(found.map((reg) => check(reg, opts, ctx)));
  found.forEach((reg, i) => {
    ctx.out(describe(reg, outcomes[i] as ProbeOutcome));
    const command = reg.target?.command;
    const npmOnly =
      command === undefined ? undefined : npmOnlyPathWarning(findCommand(command, ctx.env, ctx.cwd), ctx.env);
    if (npmOnly !== undefined) ctx.out(`  note: ${npmOnly}`);
  });
  const starting = outcomes.filter((o) => o.starts).length;
  ctx.out(
    starting === found.length
      ? `all ${found.length} registered host${found.length === 1 ? '' : 's'} start the server`
      : `${starting} of ${found.length} registered hosts start the server`,
  );
  const missing = outcomes.some((o) => !o.starts && o.reason === `${MCP_BIN} was not found on the PATH`);
  if (missing) ctx.out(`to put ${MCP_BIN} on the PATH, ${INSTALL_HINT}`);
  return starting === found.length ? 0 : 1;
}
