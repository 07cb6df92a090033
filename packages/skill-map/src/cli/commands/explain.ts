import { suggest } from '@skill-map/spec';
import { loadConfig } from '../../adapters/index.js';
import { loadPlugins } from '../../engines/index.js';
import { analyzerCatalogOf, resolveAnalyzerId } from '../../kernel/index.js';
import { CliError } from '../errors.js';
import { RULE_PAGES } from '../rule-pages.generated.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/**
 * `sm explain <rule>`: the rule's page (docs/rules/<rule>.md, shipped in the build) on stdout. An unknown rule is a
 * usage error naming the nearest known one.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const input = ctx.args[0];
  if (input === undefined || input.trim() === '')
    throw new CliError('USAGE', 'explain needs a rule id', {
      hint: 'e.g. `sm explain reference-broken`; `sm check --list-rules` lists every rule',
    });
  const config = loadConfig({ projectRoot: ctx.project.root }).merged;
  const { registry } = await loadPlugins({ projectRoot: ctx.project.root, config, probabilistic: false });
  const catalog = analyzerCatalogOf(registry);
  const entry = resolveAnalyzerId(input, catalog);
  if (entry?.plugin !== undefined)
    throw new CliError(
      'USAGE',
      `rule '${entry.shortId}' (${entry.id}) comes from the plugin '${entry.plugin}'`,
      {
        hint: `its documentation ships with the plugin (\`sm plugins show ${entry.plugin}\`)`,
      },
    );
  const page = entry === null ? undefined : RULE_PAGES[entry.shortId];
  if (entry === null || page === undefined) {
    const bare = input.trim().replace(/^[a-z-]+\//, '');
    const near = suggest(
      bare,
      catalog.map((e) => e.shortId),
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
  return {};
}
