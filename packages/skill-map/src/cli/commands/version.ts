import { SPEC_VERSION } from '@skill-map/spec';
import { CLI_PACKAGE, CLI_VERSION } from '../version-info.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm version` / `sm -v`: the CLI version (`--json`: with the spec and Node versions). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const version = CLI_VERSION;
  if (ctx.output.jsonMode)
    ctx.output.json({ name: CLI_PACKAGE, version, specVersion: SPEC_VERSION, node: process.version });
  else ctx.output.out(version);
  return Promise.resolve({});
}
