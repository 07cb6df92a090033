import { suggest } from '@skill-map/spec';
import { ANALYZER_CATALOG, resolveAnalyzerId } from '../../kernel/index.js';
import { CliError } from '../errors.js';
import { RULE_PAGES } from '../rule-pages.generated.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/**
 * `sm explain <rule>`: the rule's page (docs/rules/<rule>.md, shipped in the build) on stdout. An unknown rule is a
 * usage error naming the nearest known one.
 */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const input = ctx.args[0];
  if (input === undefined || input.trim() === '')
    throw new CliError('USAGE', 'explain needs a rule id', {
      hint: 'e.g. `sm explain reference-broken`; `sm check --list-rules` lists every rule',
    });
  const entry = resolveAnalyzerId(input);
  const page = entry === null ? undefined : RULE_PAGES[entry.shortId];
  if (entry === null || page === undefined) {
    const bare = input.trim().replace(/^[a-z-]+\//, '');
    const near = suggest(
      bare,
      ANALYZER_CATALOG.map((e) => e.shortId),
    )[0];
    throw new CliError('USAGE', `unknown rule '${input}'`, {
      hint:
        near === undefined
          ? '`sm check --list-rules` lists every rule'
          : `did you mean '${near}'? (\`sm check --list-rules\` lists every rule)`,
    });
  }
  if (ctx.output.jsonMode)
    ctx.output.json({
      rule: entry.shortId,
      qualifiedId: entry.id,
      severity: entry.severity,
      dismissible: entry.suppressible,
      page,
    });
  else ctx.output.out(page.trimEnd());
  return Promise.resolve({});
}
