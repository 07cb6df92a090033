import { describe, expect, it } from 'vitest';
import { claudeAdapter, cursorAdapter, opencodeAdapter } from './host-configs.js';
import { detectFormatting } from './json-config.js';

const server = { command: '/usr/bin/node', args: ['/opt/skillstate/bin/skillstate-mcp.js'] };

const CLAUDE_WITH_OTHER = `{
  "mcpServers": {
    "github": {
      "command": "gh-mcp",
      "args": ["--stdio"]
    }
  }
}
`;

const CLAUDE_WITH_BOTH = `{
  "mcpServers": {
    "github": {
      "command": "gh-mcp",
      "args": ["--stdio"]
    },
    "skillstate": {
      "type": "stdio",
      "command": "/usr/bin/node",
      "args": [
        "/opt/skillstate/bin/skillstate-mcp.js"
      ]
    }
  }
}
`;

const OPENCODE_JSONC = `{
  // OpenCode settings for this repository
  "$schema": "https://opencode.ai/config.json",
  "theme": "dark", // we like it dark
  /* block comment */
  "model": "anthropic/claude-sonnet-4-5",
}
`;

const OPENCODE_JSONC_AFTER = `{
  // OpenCode settings for this repository
  "$schema": "https://opencode.ai/config.json",
  "theme": "dark", // we like it dark
  /* block comment */
  "model": "anthropic/claude-sonnet-4-5",
  "mcp": {
    "skillstate": {
      "type": "local",
      "command": [
        "/usr/bin/node",
        "/opt/skillstate/bin/skillstate-mcp.js"
      ],
      "enabled": true
    }
  },
}
`;

describe('claude .mcp.json adapter', () => {
  it('creates a fresh file with only our entry', () => {
    const result = claudeAdapter.add(undefined, server, '.mcp.json');
    expect(result).toEqual({
      outcome: 'added',
      createdParent: true,
      text: `{
  "mcpServers": {
    "skillstate": {
      "type": "stdio",
      "command": "/usr/bin/node",
      "args": [
        "/opt/skillstate/bin/skillstate-mcp.js"
      ]
    }
  }
}
`,
    });
  });

  it('adds our server next to another one and removal gives back the original bytes', () => {
    const added = claudeAdapter.add(CLAUDE_WITH_OTHER, server, '.mcp.json');
    expect(added).toEqual({ text: CLAUDE_WITH_BOTH, outcome: 'added', createdParent: false });
    const removed = claudeAdapter.remove(added.text, '.mcp.json', false);
    expect(removed).toEqual({ text: CLAUDE_WITH_OTHER, outcome: 'removed', empty: false });
  });

  it('is idempotent: an equal entry (any key order) leaves the text untouched', () => {
    const reordered = CLAUDE_WITH_BOTH.replace(
      '"type": "stdio",\n      "command": "/usr/bin/node",',
      '"command": "/usr/bin/node",\n      "type": "stdio",',
    );
    expect(reordered).not.toBe(CLAUDE_WITH_BOTH);
    expect(claudeAdapter.add(reordered, server, '.mcp.json')).toEqual({
      text: reordered,
      outcome: 'unchanged',
      createdParent: false,
    });
  });

  it('replaces a differing skillstate entry (the npx one) in place', () => {
    const npx = `{"mcpServers":{"skillstate":{"type":"stdio","command":"npx","args":["-y","@skillstate/mcp@^3"]}}}\n`;
    const result = claudeAdapter.add(npx, server, '.mcp.json');
    expect(result.outcome).toBe('replaced');
    expect(JSON.parse(result.text)).toEqual({ mcpServers: { skillstate: { type: 'stdio', ...server } } });
  });

  it('removes the mcpServers object it created, leaving an empty file marker', () => {
    const created = claudeAdapter.add('{\n  "other": 1\n}\n', server, '.mcp.json');
    expect(created.createdParent).toBe(true);
    expect(claudeAdapter.remove(created.text, '.mcp.json', true)).toEqual({
      text: '{\n  "other": 1\n}\n',
      outcome: 'removed',
      empty: false,
    });
    const fresh = claudeAdapter.add(undefined, server, '.mcp.json');
    expect(claudeAdapter.remove(fresh.text, '.mcp.json', true).empty).toBe(true);
  });

  it('keeps an mcpServers object it did not create, even when it becomes empty', () => {
    const added = claudeAdapter.add('{"mcpServers": {}}', server, '.mcp.json');
    const removed = claudeAdapter.remove(added.text, '.mcp.json', false);
    expect(JSON.parse(removed.text)).toEqual({ mcpServers: {} });
    expect(removed.empty).toBe(false);
  });

  it('reports an absent entry without touching the text', () => {
    expect(claudeAdapter.remove(CLAUDE_WITH_OTHER, '.mcp.json', true)).toEqual({
      text: CLAUDE_WITH_OTHER,
      outcome: 'absent',
      empty: false,
    });
  });

  it('refuses invalid JSON and non-object roots, naming the file (comments are fine)', () => {
    expect(() => claudeAdapter.add('{"mcpServers": ', server, '.mcp.json')).toThrow(
      /\.mcp\.json is not valid JSONC/,
    );
    expect(claudeAdapter.add('{ // ok\n}', server, '.mcp.json').text).toContain('// ok');
    expect(() => claudeAdapter.add('[1]', server, '.mcp.json')).toThrow(
      /\.mcp\.json must hold a JSON object/,
    );
    expect(() => claudeAdapter.add('{"mcpServers": []}', server, '.mcp.json')).toThrow(
      /"mcpServers" in \.mcp\.json is not an object/,
    );
    expect(() => claudeAdapter.remove('nope', '.mcp.json', true)).toThrow(/INVALID|not valid JSON/);
  });
});

describe('cursor .cursor/mcp.json adapter', () => {
  it('writes {command, args} without a type', () => {
    const result = cursorAdapter.add('{}\n', server, '.cursor/mcp.json');
    expect(JSON.parse(result.text)).toEqual({ mcpServers: { skillstate: server } });
    expect(cursorAdapter.add(result.text, server, '.cursor/mcp.json').outcome).toBe('unchanged');
  });
});

describe('opencode opencode.json(c) adapter', () => {
  it('adds mcp.skillstate with every comment and the trailing comma kept, and removal restores the bytes', () => {
    const added = opencodeAdapter.add(OPENCODE_JSONC, server, 'opencode.jsonc');
    expect(added).toEqual({ text: OPENCODE_JSONC_AFTER, outcome: 'added', createdParent: true });
    expect(opencodeAdapter.add(added.text, server, 'opencode.jsonc').outcome).toBe('unchanged');
    expect(opencodeAdapter.remove(added.text, 'opencode.jsonc', true)).toEqual({
      text: OPENCODE_JSONC,
      outcome: 'removed',
      empty: false,
    });
  });

  it('never adds a plugin entry', () => {
    const added = opencodeAdapter.add(undefined, server, 'opencode.json');
    expect(Object.keys(JSON.parse(added.text))).toEqual(['mcp']);
  });

  it('refuses broken JSONC with the line and column', () => {
    expect(() => opencodeAdapter.add('{\n  "a": 1\n  "b": 2\n}', server, 'opencode.jsonc')).toThrow(
      /opencode\.jsonc is not valid JSONC \(CommaExpected at line 3, column 3\)/,
    );
  });

  it('keeps tab indentation and CRLF line endings', () => {
    const text = '{\r\n\t"theme": "dark"\r\n}\r\n';
    const added = opencodeAdapter.add(text, server, 'opencode.json');
    expect(added.text).toContain('\r\n\t"mcp": {\r\n\t\t"skillstate": {\r\n');
    expect(added.text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(opencodeAdapter.remove(added.text, 'opencode.json', true).text).toBe(text);
  });
});

describe('detectFormatting', () => {
  it('reads the indentation width of the first indented line', () => {
    expect(detectFormatting('{\n    "a": 1\n}')).toEqual({ insertSpaces: true, tabSize: 4, eol: '\n' });
    expect(detectFormatting('{}')).toEqual({ insertSpaces: true, tabSize: 2, eol: '\n' });
  });
});
