import { materializeTutorial, refuseUnlessEmpty, TUTORIAL_HOSTS } from '../../engines/scaffold/index.js';
import { ask, interactive } from '../consent-prompt.js';
import { CliError } from '../errors.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** The hosts as a person knows them (the prompt names the agent, not the folder several hosts share). */
const LABELS: Readonly<Record<(typeof TUTORIAL_HOSTS)[number], string>> = {
  claude: 'Claude Code',
  codex: 'OpenAI Codex',
  opencode: 'OpenCode',
  'agent-skills': 'Another agent reading the open standard (Agent Skills, .agents/skills)',
};

/** At a terminal without --for: a numbered list, Claude Code the default (an empty answer takes it). */
async function chooseHost(ctx: VerbContext): Promise<string | undefined> {
  if (!interactive(ctx)) return undefined;
  const lines = TUTORIAL_HOSTS.map((h, i) => `  ${i + 1}. ${LABELS[h]}${i === 0 ? ' (default)' : ''}`);
  const answer = await ask(ctx, `Which agent will run the tutorial?\n${lines.join('\n')}\nNumber [1]: `);
  if (answer === '') return undefined;
  const host = TUTORIAL_HOSTS[Number(answer) - 1];
  if (!/^\d+$/.test(answer) || host === undefined)
    throw new CliError(
      'USAGE',
      `'${answer}' is not one of 1 to ${TUTORIAL_HOSTS.length}: nothing was written`,
      {
        hint: 'or pass --for claude|codex|opencode|agent-skills',
      },
    );
  return host;
}

/** `sm tutorial [--for <host>] [--force]`: the tutorial skill into an empty folder (exit 2 when it is not empty). */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const given = ctx.options['for'];
  if (given === true) throw new CliError('USAGE', '--for needs a host', { hint: 'e.g. --for claude' });
  const force = ctx.options['force'] === true;
  // A folder that cannot take the tutorial is refused before anything is asked.
  refuseUnlessEmpty(ctx.project.root, force, 'sm tutorial');
  const host = typeof given === 'string' ? given : await chooseHost(ctx);
  const r = materializeTutorial(ctx.project.root, { ...(host === undefined ? {} : { host }), force });
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), kind: 'tutorial', ...r });
  else
    ctx.output.summary(
      `wrote the sm-tutorial skill into ${r.skillDir!}/sm-tutorial/ (${r.written.length} files, for ${r.host!})\n` +
        `next: open your agent in this folder and ask it to "start the skill-map tutorial"`,
    );
  return {};
}
