import type { Extractor } from './extractor.js';

const TOOL = /^mcp__([A-Za-z0-9_-]+?)__[A-Za-z0-9_-]+$|^mcp__([A-Za-z0-9_-]+)$/;

function toolNames(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((s) => s !== '');
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string').map((s) => s.trim());
  return [];
}

/** `core/mcp-tools`: `tools` / `allowed-tools` frontmatter entries `mcp__server__tool` → virtual `mcp://server` + `references`. */
export const mcpToolsExtractor: Extractor = {
  id: 'core/mcp-tools',
  gate: null,
  emitConfidence: 0.85,
  emits: { kind: 'references', pathStyle: true },
  extract(input, sink) {
    const fm = input.frontmatter;
    if (fm === null) return;
    const range = input.frontmatterRange;
    for (const key of ['tools', 'allowed-tools', 'allowedTools']) {
      for (const tool of toolNames(fm[key])) {
        const m = TOOL.exec(tool);
        if (m === null) continue;
        const server = m[1] ?? m[2]!;
        const at = range === null ? -1 : input.text.indexOf(tool, range.start);
        const offset = at >= 0 && range !== null && at < range.end ? at : (range?.start ?? 0);
        sink.mcpServer(server);
        sink.link({
          target: `mcp://${server}`,
          kind: 'references',
          trigger: null,
          raw: tool,
          offset,
          context: null,
          pathStyle: true,
          fallbackTarget: null,
        });
      }
    }
  },
};
