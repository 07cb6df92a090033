import { materializeExample } from '../../engines/scaffold/index.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm example [--force]`: the example project into an empty folder (exit 2 when it is not empty). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const r = materializeExample(ctx.project.root, { force: ctx.options['force'] === true });
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), kind: 'example', ...r });
  else
    ctx.output.summary(
      `wrote the example project (${r.written.length} files)\nnext: \`sm scan\`, then \`sm serve\` to open the map`,
    );
  return Promise.resolve({});
}
