#!/usr/bin/env node
// npm run demo:skillstate — a scripted skillstate session against a copy of examples/demo-project:
// `skillstate-mcp` is put on the PATH from this workspace (as `npm run install:bins` would), `skillstate init`
// registers it, then an MCP client (the official SDK) launches exactly the registered command and works through a
// procedure the way an agent would. Nothing outside a temp folder is touched.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'skillstate-demo-'));
const project = join(work, 'acme-release-kit');
const home = join(work, 'home');
const bin = join(work, 'bin');
const path = [bin, process.env.PATH ?? ''].join(delimiter);
const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[0m` : s);
const step = (title) => console.log(`\n${bold(`▸ ${title}`)}`);
const show = (value) => console.log(JSON.stringify(value, null, 2).replace(/^/gm, '    '));

async function call(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content[0]?.text ?? '';
  if (result.isError) return { error: text };
  return JSON.parse(text);
}

try {
  cpSync(join(root, 'examples/demo-project'), project, { recursive: true });
  // The installed server, as `npm run install:bins` links it into a folder on the PATH.
  mkdirSync(bin);
  symlinkSync(join(root, 'packages/skillstate-mcp/bin/skillstate-mcp.js'), join(bin, 'skillstate-mcp'));
  step(`skillstate init --host claude   (in ${project})`);
  const out = execFileSync(
    process.execPath,
    [join(root, 'packages/skillstate-cli/bin/skillstate.js'), 'init', '--host', 'claude'],
    {
      cwd: project,
      env: { ...process.env, HOME: home, USERPROFILE: home, PATH: path },
      encoding: 'utf8',
    },
  );
  console.log(out.replace(/^/gm, '    ').trimEnd());

  const entry = JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')).mcpServers.skillstate;
  step(`launch the registered server: ${[entry.command, ...entry.args].join(' ')}`);
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    cwd: project,
    env: { ...process.env, PATH: path },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'skillstate-demo', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  console.log(
    `    connected to ${client.getServerVersion()?.name} ${client.getServerVersion()?.version}; ${tools.length} tools: ${tools.map((t) => t.name).join(', ')}`,
  );

  step('spec.get — what this procedure keeps');
  const spec = await call(client, 'spec.get');
  console.log(`    ${spec.name}: ${Object.keys(spec.schema).join(', ')}`);

  step('state.patch — set the goal and the plan');
  show(
    (
      await call(client, 'state.patch', {
        patch: { goal: 'Ship release 2.4', next_steps: ['Draft notes', 'Review', 'Deploy'] },
      })
    ).changes,
  );

  step('state.checkpoint — before the risky part');
  show(await call(client, 'state.checkpoint', { label: 'before review' }));

  step('state.patch — progress, and a wrong-typed field the server refuses');
  show(
    (
      await call(client, 'state.patch', {
        patch: { progress: ['Draft notes'], next_steps: ['Review', 'Deploy'] },
      })
    ).changes,
  );
  show(await call(client, 'state.patch', { patch: { progress: 'Review' } }));

  step('state.diff — what changed since the last look');
  show(await call(client, 'state.diff', { full: false }));

  step('agent.* — a sub-agent works in its own scope, then merges');
  await call(client, 'state.patch', {
    agent: 'reviewer',
    patch: { notes: 'Notes read; two entries lack PR links.' },
  });
  show((await call(client, 'agent.merge', { agent: 'reviewer' })).changes);

  step('state.summary — the compact view an agent reads after a context reset');
  show(await call(client, 'state.summary'));

  step('state.rollback — back to the checkpoint');
  show((await call(client, 'state.rollback', {})).state);

  step('state.finalize — the agent says it is done');
  const done = await call(client, 'state.finalize', {
    status: 'completed',
    result: 'Release 2.4 notes approved',
  });
  show({ status: done.status, result: done.result });
  await client.close();

  step('on disk');
  console.log(`    ${project}/.skillstate/skillstate.json`);
  console.log(readFileSync(join(project, '.skillstate/skillstate.json'), 'utf8').replace(/^/gm, '    '));
} finally {
  rmSync(work, { recursive: true, force: true });
}
