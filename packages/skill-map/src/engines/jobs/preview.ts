import type { EngineContext } from '../context.js';
import { dbMissing, EngineError } from '../errors.js';
import type { PreviewResult, SubmitInput } from './api.js';
import { isRefusal, prepareJob } from './prepare.js';

/**
 * Renders what `submitJob` would queue, with its hashes, writing nothing (read posture; no gate, no duplicate
 * check). A submit that would be refused (`drift`, `unreadable`, `no-findings`) throws `invalid-input` naming
 * the refusal in `details.outcome`, since there is no content to show.
 */
export async function previewJob(ctx: EngineContext, input: SubmitInput): Promise<PreviewResult> {
  await ctx.extensions.refresh?.(ctx.config());
  const session = ctx.openSession('read');
  if (session === null) throw dbMissing(ctx.dbPath);
  try {
    const prepared = prepareJob(ctx, session, session.jobs(), input);
    if (isRefusal(prepared)) {
      const detail = 'detail' in prepared ? `: ${prepared.detail}` : '';
      throw new EngineError('invalid-input', `nothing to preview (${prepared.outcome})${detail}`, {
        details: { outcome: prepared.outcome },
      });
    }
    return {
      extensionId: prepared.ext.id,
      nodePath: prepared.node.path,
      contentHash: prepared.contentHash,
      promptTemplateHash: prepared.promptTemplateHash,
      content: prepared.content,
    };
  } finally {
    session.close();
  }
}
