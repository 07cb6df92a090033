// The VS Code client of `sm lsp`: starts the language server over stdio for the workspace and hands it the harness
// files (markdown with frontmatter, MCP configs and settings JSON, Codex agent TOML). Everything else is the server's.
import type { ExtensionContext } from 'vscode';
import { workspace } from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { serverCommand } from './server-command.js';

let client: LanguageClient | undefined;

/** Starts `sm lsp` for the workspace. */
export async function activate(context: ExtensionContext): Promise<void> {
  const { command, args } = serverCommand(workspace.getConfiguration('skillMap').get<string>('path') ?? '');
  const cwd = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const run = { command, args, options: cwd === undefined ? {} : { cwd } };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', pattern: '**/*.{md,mdc,markdown}' },
      {
        scheme: 'file',
        pattern: '**/{.mcp.json,mcp.json,opencode.json,opencode.jsonc,settings.json,settings.local.json}',
      },
      { scheme: 'file', pattern: '**/.codex/{agents/*.toml,config.toml}' },
    ],
    synchronize: {
      // Saves and changes outside the editor (git checkout, other tools) reach the server as watched-file events.
      fileEvents: workspace.createFileSystemWatcher('**/*.{md,mdc,markdown,sm,json,jsonc,toml}'),
    },
  };
  client = new LanguageClient('skillMap', 'skill-map', serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

/** Stops the server. */
export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
