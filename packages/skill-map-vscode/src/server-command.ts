// Which process the extension starts: kept apart from the `vscode` module so it can be tested without VS Code.

/** The command that starts the server: `skillMap.path` (a `.js` file runs under Node), else `sm` from PATH. */
export function serverCommand(configured: string): { command: string; args: string[] } {
  const path = configured.trim();
  if (path === '') return { command: 'sm', args: ['lsp', '--stdio'] };
  if (/\.[cm]?js$/.test(path)) return { command: 'node', args: [path, 'lsp', '--stdio'] };
  return { command: path, args: ['lsp', '--stdio'] };
}
