// What one file may cost a scan. Every limit sits far above what real harness files need (the largest frontmatter
// of the reference corpora is ~1.2 KB with a few dozen values; their busiest file has a few hundred links), so only
// hostile or broken input reaches them. A file over a budget becomes ONE `file-over-budget` issue on that file (its
// node stays, without the part that was over), and the scan goes on with the rest.
import type { Issue } from '@skill-map/spec';
import { utf8Length } from './util/utf8.js';

/** The per-file budgets (see the module comment). */
export const FILE_BUDGET = {
  /** Bytes of YAML between the `---` delimiters (the reference corpora peak at ~1.2 KB). */
  frontmatterBytes: 64 * 1024,
  /**
   * Values of the parsed frontmatter once YAML aliases are expanded (every scalar, list and map counts). An alias
   * is a reference to an anchored value, so a few hundred bytes of `&a`/`*a` ("billion laughs") stand for billions
   * of values: they are counted as the expanded copies they become in JSON, and counting stops at the limit.
   */
  frontmatterValues: 10_000,
  /**
   * Bytes of text (UTF-8 keys and string values) of the parsed frontmatter once YAML aliases are expanded. A few
   * thousand aliases of one long anchored string stay under the value budget yet stand for hundreds of megabytes
   * once stored as JSON; a plain frontmatter's text is at most its own size (see `frontmatterBytes`).
   */
  frontmatterTextBytes: 256 * 1024,
  /** Nesting depth of the parsed frontmatter. */
  frontmatterDepth: 64,
  /** Distinct links one file contributes (each link row carries its occurrences). */
  links: 20_000,
} as const;

/** Which budget a file went over. */
export type BudgetName = keyof typeof FILE_BUDGET;

const WHAT: Readonly<Record<BudgetName, string>> = {
  frontmatterBytes: 'frontmatter is larger than {limit} bytes',
  frontmatterValues: 'frontmatter expands to more than {limit} values (YAML aliases expanded)',
  frontmatterTextBytes: 'frontmatter expands to more than {limit} bytes of text (YAML aliases expanded)',
  frontmatterDepth: 'frontmatter nests deeper than {limit} levels',
  links: 'file holds more than {limit} distinct links',
};

const DROPPED: Readonly<Record<BudgetName, string>> = {
  frontmatterBytes: 'its frontmatter was not parsed',
  frontmatterValues: 'its frontmatter was dropped',
  frontmatterTextBytes: 'its frontmatter was dropped',
  frontmatterDepth: 'its frontmatter was dropped',
  links: 'its links were dropped',
};

/** The one issue of a file over a budget: names the budget, the limit and what was left out. */
export function overBudgetIssue(path: string, budget: BudgetName): Issue {
  const limit = FILE_BUDGET[budget];
  const what = WHAT[budget].replace('{limit}', limit.toLocaleString('en-US'));
  return {
    analyzerId: 'file-over-budget',
    severity: 'warn',
    nodeIds: [path],
    message: `'${path}' is over the per-file budget: ${what}; ${DROPPED[budget]}`,
    data: { budget, limit },
  };
}

/** The budgets a parsed YAML value can break (the byte budget of the raw text is checked before parsing). */
export type ValueBudget = 'frontmatterValues' | 'frontmatterTextBytes' | 'frontmatterDepth';

/** UTF-8 bytes of `s`, not counted when its length alone already exceeds `room` (each char is at least a byte). */
function textBytes(s: string, room: number): number {
  return s.length > room ? s.length : utf8Length(s);
}

/**
 * Which budget a parsed YAML value breaks, or null. Walks the value as JSON would expand it (shared references are
 * visited once per reference, so an aliased string counts once per alias), iteratively, and stops at the first value
 * or byte past a limit: the cost is bounded by the budget, never by the expansion.
 */
export function valueOverBudget(value: unknown): ValueBudget | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  let count = 0;
  let text = 0;
  const over = (s: string): boolean =>
    (text += textBytes(s, FILE_BUDGET.frontmatterTextBytes - text)) > FILE_BUDGET.frontmatterTextBytes;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (++count > FILE_BUDGET.frontmatterValues) return 'frontmatterValues';
    if (typeof v === 'string' && over(v)) return 'frontmatterTextBytes';
    if (v === null || typeof v !== 'object') continue;
    if (depth >= FILE_BUDGET.frontmatterDepth) return 'frontmatterDepth';
    const isArray = Array.isArray(v);
    const children = isArray ? (v as unknown[]) : Object.values(v as Record<string, unknown>);
    if (count + stack.length + children.length > FILE_BUDGET.frontmatterValues) return 'frontmatterValues';
    if (!isArray) for (const key of Object.keys(v)) if (over(key)) return 'frontmatterTextBytes';
    for (const child of children) stack.push({ v: child, depth: depth + 1 });
  }
  return null;
}
