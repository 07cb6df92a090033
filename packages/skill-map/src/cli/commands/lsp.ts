import { Writable } from 'node:stream';
import { SPEC_VERSION } from '@skill-map/spec';
import { defaultDbPath } from '../../adapters/sqlite/open-database.js';
import { createLiveGraph } from '../../engines/live/index.js';
import { serveLsp } from '../../lsp/index.js';
import { CliError } from '../errors.js';
import { pluginFlags } from './plugins.js';
import { CLI_VERSION } from '../version-info.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/**
 * `sm lsp`: the language server over stdio (`--stdio` is accepted and ignored: editor clients pass it). The
 * project is the workspace folder the editor names at initialize (`--root` / cwd when it names none); its
 * database is that folder's, unless `--db` names one. Only protocol goes to stdout; logs go to stderr.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  if (!(ctx.io.stdout instanceof Writable))
    throw new CliError('USAGE', 'sm lsp needs a real stdout to speak the protocol on');
  const log = (line: string): void => void ctx.io.stderr.write(`sm lsp: ${line}\n`);
  const server = serveLsp({
    input: ctx.io.stdin,
    output: ctx.io.stdout,
    fallbackRoot: ctx.project.root,
    serverVersion: CLI_VERSION,
    log,
    openGraph: (root) =>
      createLiveGraph({
        projectRoot: root,
        dbPath: ctx.project.dbExplicit ? ctx.project.dbPath : defaultDbPath(root),
        scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
        plugins: pluginFlags(ctx),
        onWarning: (m) => log(`warning: ${m}`),
      }),
  });
  await server.closed;
  return {};
}
