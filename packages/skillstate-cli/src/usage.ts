/** The text `skillstate --help` prints. */
export const USAGE = `skillstate: register the skillstate MCP server with your AI coding hosts

Usage:
  skillstate init [--host <hosts>] [--spec <file>] [--command "<cmd> [args...]"] [--dry-run]
  skillstate install [--command "<cmd> [args...]"] [--dry-run]
  skillstate status [--timeout <seconds>]
  skillstate uninstall [--remove-state] [--dry-run]
  skillstate uninstall --machine [--dry-run]

Commands:
  init        Set up this project: .skillstate/skillstate.json (and a .gitignore beside it),
              skill-spec.json, the agent skill .claude/skills/skillstate/SKILL.md, and the server
              entry of each project host:
                claude    .mcp.json               mcpServers.skillstate
                cursor    .cursor/mcp.json        mcpServers.skillstate
                opencode  opencode.json(c)        mcp.skillstate
              Codex is machine-wide: init only points to \`skillstate install\`.
  install     Register the server for Codex in ~/.codex/config.toml ($CODEX_HOME honoured).
  status      For each host config here (and Codex's) that registers skillstate, start the
              registered command and complete an MCP handshake with it: says per host whether
              the server starts, and why not.
  uninstall   Undo init in this project, as recorded in .skillstate/install-manifest.json.
              With --machine, undo install as recorded in ~/.skillstate/install-manifest.json.

Options:
  --host <hosts>        claude, codex, opencode, cursor or all; comma-separated or repeated.
                        Default: the hosts of the previous init, else those detected from
                        ~/.claude, ~/.codex, ~/.config/opencode, ~/.cursor, .claude/, .cursor/
                        and opencode.json(c).
  --spec <file>         Procedure spec to copy to skill-spec.json when that file does not exist
                        (default: the generic procedure spec).
  --command "<cmd> [args...]"
                        Command hosts run to start the server (quotes allowed). Default for
                        init: \`skillstate-mcp\`, found on the PATH (init stops if it is not
                        there: \`npm run install:bins\` in a clone installs it); for install:
                        this node binary and this installation's skillstate-mcp.
  --remove-state        Also delete .skillstate/ (state, checkpoints, agent copies).
  --machine             Uninstall the machine-wide Codex registration instead of the project.
  --timeout <seconds>   How long status waits for each server to answer (default 10).
  --dry-run             Print what would change, prefixed [dry-run]; write nothing.
  -h, --help            Show this help.

Every edited file is backed up first as <file>.bak.<time>. Running init or install again
changes nothing when nothing needs to change.

Exit codes: 0 success, 1 failure (no host found, bad config or manifest, skillstate-mcp not
on the PATH, a host whose server does not start), 2 usage error.
`;
