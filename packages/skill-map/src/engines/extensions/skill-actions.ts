// Skill actions: agent skills the operator installed under `.skill-map/.agents/skills/`, offered on every node.
import { readSkillCatalog, type SkillCatalogFile } from '../../adapters/fs/skill-catalog.js';
import { parseFrontmatter, splitFrontmatter } from '../../kernel/index.js';
import type { EngineContext } from '../context.js';
import { USER_CONTENT_SEAM } from './template-parts.js';

/** The prefix that marks a skill action's id (`skill:<folder>`); a bare id never names one. */
export const SKILL_ACTION_PREFIX = 'skill:';

/** One admitted catalog skill. */
export interface SkillAction {
  /** `skill:<folder name>`. */
  readonly id: string;
  /** Frontmatter `name`. */
  readonly name: string;
  readonly description: string;
  /** Frontmatter `version`, else `metadata.version`, else `0.0.0` (informational). */
  readonly version: string;
  /** The text after the frontmatter, verbatim: the work a job of this skill describes. */
  readonly body: string;
}

/** The catalog: the admitted skills, and one line per folder left out and why. */
export interface SkillCatalog {
  readonly skills: SkillAction[];
  readonly warnings: string[];
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim().length > 0 ? v : null;
}

function versionOf(fm: Record<string, unknown>): string {
  if (typeof fm['version'] === 'string') return fm['version'];
  const meta = fm['metadata'];
  if (
    meta !== null &&
    typeof meta === 'object' &&
    typeof (meta as Record<string, unknown>)['version'] === 'string'
  )
    return (meta as Record<string, string>)['version'] ?? '0.0.0';
  return '0.0.0';
}

/**
 * Admits one catalog folder's `SKILL.md` or says what is wrong with it: a frontmatter `name` and `description`
 * (non-empty strings) and a non-blank body that carries no `<user-content` tag (the body is rendered outside the
 * delimiter, so it may not fake one) and no `{{userContent}}` seam (the body is data, never a template).
 */
export function admitSkill(file: SkillCatalogFile): SkillAction | string {
  if (!file.ok) return file.problem;
  const split = splitFrontmatter(file.text);
  if (!split.present) return split.malformedHint ?? 'SKILL.md has no frontmatter (name and description)';
  const parsed = parseFrontmatter(split);
  if (!parsed.ok)
    return parsed.reason === 'parse-error'
      ? `frontmatter: ${parsed.message}`
      : 'frontmatter is not a mapping';
  const fm = parsed.value;
  const name = text(fm['name']);
  if (name === null) return 'frontmatter name must be a non-empty string';
  const description = text(fm['description']);
  if (description === null) return 'frontmatter description must be a non-empty string';
  if (split.body.trim().length === 0) return 'the body is empty';
  if (/<user-content/i.test(split.body)) return 'the body carries a <user-content tag';
  if (split.body.includes(USER_CONTENT_SEAM)) return `the body carries the ${USER_CONTENT_SEAM} seam`;
  return {
    id: `${SKILL_ACTION_PREFIX}${file.dir}`,
    name,
    description,
    version: versionOf(fm),
    body: split.body,
  };
}

/** Builds the catalog from the folder's files (pure: the reading is the adapter's). */
export function toSkillCatalog(files: readonly SkillCatalogFile[]): SkillCatalog {
  const skills: SkillAction[] = [];
  const warnings: string[] = [];
  for (const file of files) {
    const admitted = admitSkill(file);
    if (typeof admitted === 'string') warnings.push(`skill action '${file.dir}' skipped: ${admitted}`);
    else skills.push(admitted);
  }
  return { skills, warnings };
}

/** True when the project offers its skill actions (`skillActions.enabled`, read fresh per call; default false). */
export function skillActionsEnabled(config: Readonly<Record<string, unknown>>): boolean {
  const section = config['skillActions'];
  return (
    section !== null &&
    typeof section === 'object' &&
    (section as Record<string, unknown>)['enabled'] === true
  );
}

/**
 * The skill actions the project offers now: the catalog folder read on this call when `skillActions.enabled` is
 * true, else an empty catalog (the folder is not read at all).
 */
export function listSkillActions(ctx: Pick<EngineContext, 'scopeRoot' | 'config'>): SkillCatalog {
  if (!skillActionsEnabled(ctx.config())) return { skills: [], warnings: [] };
  return toSkillCatalog(readSkillCatalog(ctx.scopeRoot));
}
