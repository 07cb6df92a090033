// Diagnostics over a real live graph (temp project, real scan): the LSP shape of an issue, and the publisher sending
// only what changed: the edited buffer on every keystroke, other files only when their issues changed.
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver/node';
import { createTempTree } from '../adapters/testing/temp-tree.js';
import type { TempTree } from '../adapters/testing/temp-tree.js';
import { createLiveGraph } from '../engines/live/index.js';
import type { LiveGraph } from '../engines/live/index.js';
import { DiagnosticsPublisher } from './diagnostics.js';

const ALPHA = '.claude/skills/alpha/SKILL.md';
const BETA = '.claude/skills/beta/SKILL.md';
const ALPHA_TEXT = '---\nname: alpha\ndescription: Alpha.\n---\nRead [the guide](../../../docs/guide.md).\n';
const BETA_TEXT = '---\nname: beta\ndescription: Beta.\n---\nSee [old](../../../docs/old.md).\n';

let tree: TempTree | null = null;
let live: LiveGraph | null = null;
afterEach(() => {
  live?.close();
  live = null;
  tree?.remove();
  tree = null;
});

async function start(): Promise<{
  g: LiveGraph;
  sent: Map<string, Diagnostic[]>;
  publisher: DiagnosticsPublisher;
}> {
  tree = createTempTree('sm-lsp-diag-');
  tree.write({ [ALPHA]: ALPHA_TEXT, [BETA]: BETA_TEXT, 'docs/guide.md': '# Guide\n' });
  live = await createLiveGraph({ projectRoot: tree.root });
  const sent = new Map<string, Diagnostic[]>();
  const publisher = new DiagnosticsPublisher((path, d) => sent.set(path, d));
  return { g: live, sent, publisher };
}

describe('diagnostics of the live graph', () => {
  it('maps an issue to a diagnostic at its link, with the analyzer id, severity and rule page', async () => {
    const { g, sent, publisher } = await start();
    expect(publisher.publish(g.result())).toEqual([BETA]);
    const [d] = sent.get(BETA)!.filter((x) => x.code === 'reference-broken');
    const line = BETA_TEXT.split('\n').indexOf('See [old](../../../docs/old.md).');
    expect(d).toMatchObject({
      source: 'skill-map',
      severity: 1,
      codeDescription: { href: 'https://skill-map.ai/docs/rules/reference-broken.md' },
      range: {
        start: { line, character: 4 },
        end: { line, character: 4 + '[old](../../../docs/old.md)'.length },
      },
    });
  });

  it('sends the edited buffer on every change and other files only when their issues change', async () => {
    const { g, sent, publisher } = await start();
    publisher.publish(g.result());
    sent.clear();
    // A keystroke that changes no issue: only the buffer is answered, beta's diagnostics are not sent again.
    const typed = g.overlay(ALPHA, ALPHA_TEXT.replace('Read', 'Reads'))!;
    expect(typed.mode).toBe('patch');
    expect(publisher.publish(typed.after, [ALPHA])).toEqual([ALPHA]);
    expect(sent.get(ALPHA)).toEqual([]);
    // Alpha's buffer takes beta's name: beta's file now shows the collision too (it answers to the name).
    sent.clear();
    const renamed = g.overlay(ALPHA, ALPHA_TEXT.replace('name: alpha', 'name: beta'))!;
    const paths = publisher.publish(renamed.after, [ALPHA]);
    expect(paths).toEqual(expect.arrayContaining([ALPHA, BETA]));
    expect(sent.get(BETA)!.map((x) => x.code)).toContain('name-collision');
    expect(sent.get(ALPHA)!.map((x) => x.code)).toContain('name-collision');
    // Closing the buffer: the disk view is back and the collision is withdrawn from both files.
    sent.clear();
    publisher.publish(g.drop(ALPHA)!.after);
    expect(sent.get(ALPHA)).toEqual([]);
    expect(sent.get(BETA)!.map((x) => x.code)).not.toContain('name-collision');
  });
});
