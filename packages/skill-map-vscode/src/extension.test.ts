// The extension cannot run without VS Code; this checks what can be: the server command, and that `npm run build`
// produced a CommonJS bundle VS Code can load (`vscode` left to the host, vscode-languageclient inside), with the
// manifest fields VS Code reads.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverCommand } from './server-command.js';

const BUNDLE = new URL('../dist/extension.js', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

describe('skill-map VS Code client', () => {
  it('starts sm lsp --stdio from PATH, a configured executable, or a bin/sm.js under node', () => {
    expect(serverCommand('')).toEqual({ command: 'sm', args: ['lsp', '--stdio'] });
    expect(serverCommand(' /opt/sm/bin/sm ')).toEqual({
      command: '/opt/sm/bin/sm',
      args: ['lsp', '--stdio'],
    });
    expect(serverCommand('/repo/packages/skill-map/bin/sm.js')).toEqual({
      command: 'node',
      args: ['/repo/packages/skill-map/bin/sm.js', 'lsp', '--stdio'],
    });
  });

  it('is a private package VS Code can load', () => {
    expect(manifest).toMatchObject({
      private: true,
      main: './dist/extension.js',
      engines: { vscode: expect.stringMatching(/^\^1\.\d+\.\d+$/) as unknown },
      contributes: { configuration: { properties: { 'skillMap.path': { type: 'string' } } } },
    });
    expect((manifest['activationEvents'] as string[]).length).toBeGreaterThan(0);
  });

  it.skipIf(!existsSync(BUNDLE))('is built as one CommonJS bundle with vscode left to the host', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    expect(text).toContain('require("vscode")');
    expect(text).not.toContain('require("vscode-languageclient');
    expect(text).toMatch(/module\.exports = __toCommonJS/);
    expect(text).toContain('lsp');
  });
});
