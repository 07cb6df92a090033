import { describe, expect, it } from 'vitest';
import { removeCodexEntry, renderCodexTable, upsertCodexEntry } from './codex-toml.js';

const server = { command: '/usr/bin/node', args: ['/opt/skillstate/bin/skillstate-mcp.js'] };
const FILE = '~/.codex/config.toml';

const OURS = `[mcp_servers.skillstate]
command = "/usr/bin/node"
args = ["/opt/skillstate/bin/skillstate-mcp.js"]
enabled = true
`;

const EXISTING = `# Codex settings
model = "gpt-5-codex" # default model
approval_policy = "on-request"

[mcp_servers.playwright]
command = "npx"
args = ["@playwright/mcp@latest"]

# profiles below
[profiles.fast]
model = "gpt-5-mini"
`;

describe('codex config.toml adapter', () => {
  it('renders our table with escaped strings', () => {
    expect(renderCodexTable({ command: 'C:\\node "x"', args: ['a\tb', '\u007f'] })).toBe(
      '[mcp_servers.skillstate]\ncommand = "C:\\\\node \\"x\\""\nargs = ["a\\tb", "\\u007F"]\nenabled = true\n',
    );
  });

  it('creates the table in a missing or empty file', () => {
    expect(upsertCodexEntry(undefined, server, FILE)).toEqual({
      text: OURS,
      outcome: 'added',
      createdParent: false,
    });
    expect(upsertCodexEntry('', server, FILE).text).toBe(OURS);
  });

  it('appends after a blank line, leaving every other byte alone, and removal restores the original', () => {
    const added = upsertCodexEntry(EXISTING, server, FILE);
    expect(added.outcome).toBe('added');
    expect(added.text).toBe(`${EXISTING}\n${OURS}`);
    expect(removeCodexEntry(added.text, FILE)).toEqual({ text: EXISTING, outcome: 'removed', empty: false });
  });

  it('is idempotent', () => {
    const once = upsertCodexEntry(EXISTING, server, FILE).text;
    expect(upsertCodexEntry(once, server, FILE)).toEqual({
      text: once,
      outcome: 'unchanged',
      createdParent: false,
    });
  });

  it('replaces only the text of a differing skillstate table, keeping comments around it', () => {
    const npx = `model = "o3"

[mcp_servers.skillstate]
command = "npx"
# pinned to v3
args = ["-y", "@skillstate/mcp@^3"]
enabled = true

[mcp_servers.skillstate.env]
DEBUG = "1"

# the browser server
[mcp_servers.playwright]
command = "npx"
`;
    const result = upsertCodexEntry(npx, server, FILE);
    expect(result.outcome).toBe('replaced');
    expect(result.text).toBe(`model = "o3"

${OURS}
# the browser server
[mcp_servers.playwright]
command = "npx"
`);
  });

  it('adds a table when other mcp_servers exist and keeps CRLF line endings', () => {
    const text = '[mcp_servers.a]\r\ncommand = "a"\r\n';
    const added = upsertCodexEntry(text, server, FILE);
    expect(added.text).toBe(`${text}\r\n${OURS.replace(/\n/g, '\r\n')}`);
    expect(removeCodexEntry(added.text, FILE).text).toBe(text);
  });

  it('adds a final newline to a file without one', () => {
    expect(upsertCodexEntry('model = "o3"', server, FILE).text).toBe(`model = "o3"\n\n${OURS}`);
  });

  it('removes our table from the middle of a file', () => {
    const text = `[a]\nx = 1\n\n${OURS}\n[b]\ny = 2\n`;
    expect(removeCodexEntry(text, FILE)).toEqual({
      text: '[a]\nx = 1\n\n[b]\ny = 2\n',
      outcome: 'removed',
      empty: false,
    });
  });

  it('reports an empty file once our table was the only content', () => {
    expect(removeCodexEntry(OURS, FILE)).toEqual({ text: '', outcome: 'removed', empty: true });
    expect(removeCodexEntry(EXISTING, FILE)).toEqual({ text: EXISTING, outcome: 'absent', empty: false });
  });

  it('refuses invalid TOML, naming the file', () => {
    expect(() => upsertCodexEntry('model = ', server, FILE)).toThrow(
      /~\/\.codex\/config\.toml is not valid TOML/,
    );
    expect(() => removeCodexEntry('[a\n', FILE)).toThrow(/is not valid TOML/);
  });

  it('refuses when mcp_servers is an inline table it cannot extend', () => {
    expect(() => upsertCodexEntry('mcp_servers = { a = { command = "a" } }\n', server, FILE)).toThrow(
      /refusing to edit .*would not be valid TOML/,
    );
  });

  it('refuses to splice a skillstate entry that is not written as a table header', () => {
    const inline = '[mcp_servers]\nskillstate = { command = "npx" }\n';
    expect(() => upsertCodexEntry(inline, server, FILE)).toThrow(
      /not written as a \[mcp_servers\.skillstate\] table/,
    );
    expect(() => removeCodexEntry(inline, FILE)).toThrow(
      /not written as a \[mcp_servers\.skillstate\] table/,
    );
  });

  it('refuses when a sub-table of ours lies elsewhere, since replacing would leave it behind', () => {
    const split = `[mcp_servers.skillstate]\ncommand = "npx"\n\n[x]\na = 1\n\n[mcp_servers.skillstate.env]\nK = "v"\n`;
    expect(() => upsertCodexEntry(split, server, FILE)).toThrow(/refusing to edit/);
  });

  it('is not fooled by a header-like line inside a multi-line string', () => {
    const text = `notes = """\n[mcp_servers.skillstate]\n"""\n`;
    const added = upsertCodexEntry(text, server, FILE);
    expect(added.text).toBe(`${text}\n${OURS}`);
    expect(removeCodexEntry(added.text, FILE).text).toBe(text);
  });

  it('accepts quoted keys in the header', () => {
    const text = `["mcp_servers".'skillstate']\ncommand = "npx"\nargs = []\n`;
    expect(upsertCodexEntry(text, server, FILE).text).toBe(OURS);
  });
});
