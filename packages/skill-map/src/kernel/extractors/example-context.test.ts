// What example-context.ts calls example content, a template file and a broken fence, one case per rule.
import { describe, expect, it } from 'vitest';
import { scanMarkdown } from '../parse/code-regions.js';
import { fenceTrouble, isExampleContext, isTemplateText } from './example-context.js';

/** Whether the first `x.md` of `text` stands in example content (code spans masked as the prose view masks them). */
const example = (text: string): boolean =>
  isExampleContext(
    text.replace(/`[^`\n]*`/g, (m) => '\0'.repeat(m.length)),
    text.indexOf('x.md'),
  );

describe('example content', () => {
  it('knows a line introduced as an example, and a usage line', () => {
    expect(example('- **Examples**: `x.md` for schemas')).toBe(true);
    expect(example('Name it well (e.g. `x.md`)')).toBe(true);
    expect(example('Usage: /writer `x.md`')).toBe(true);
    expect(example('Read `x.md` before writing.')).toBe(false);
    expect(example('The examples in `x.md` are current.')).toBe(false);
  });

  it('knows a list introduced as examples or files to create, not the paragraph after it', () => {
    expect(example('Example: when building a skill, the analysis shows:\n\n1. A `x.md` file')).toBe(true);
    expect(example('Move detailed content to references/:\n- Patterns → `x.md`')).toBe(true);
    expect(example('Read these first:\n- `x.md`')).toBe(false);
    expect(example('Examples:\n- `a.md`\n\nThen read `x.md`.')).toBe(false);
  });

  it('knows a section headed as a template or an example, and its subsections', () => {
    expect(example('## Report template\n\n- see [d](x.md)')).toBe(true);
    expect(example('## Example document\n\n### References\n\n- [w](x.md)')).toBe(true);
    expect(example('# Widget templates\n\n## Confirm\n\nsee `x.md`')).toBe(false);
    expect(example('## Example document\n\n## Setup\n\nsee `x.md`')).toBe(false);
  });
});

describe('template files and broken fences', () => {
  it('knows template tokens in prose, not the host’s own variables', () => {
    expect(isTemplateText('# {{PROJECT_NAME}}')).toBe(true);
    expect(isTemplateText('Release ${VERSION}')).toBe(true);
    expect(isTemplateText('Run ${CLAUDE_PLUGIN_ROOT}/x.sh in $HOME')).toBe(false);
  });

  it('finds a fence opened inside a block of the same fence, not a shorter or deeper one', () => {
    const at = (text: string): number => fenceTrouble(text, scanMarkdown(text, 0).code);
    const nested = '```markdown\n# R\n```bash\nnpm i\n```\n```\n';
    expect(at(nested)).toBe(nested.indexOf('```bash'));
    expect(at('````markdown\n```bash\nnpm i\n```\n````\n')).toBe(-1);
    expect(at('```\nprompt:\n    ```bash\n    git diff\n    ```\n```\n')).toBe(-1);
  });
});
