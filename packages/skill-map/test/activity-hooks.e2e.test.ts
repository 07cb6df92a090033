// Acceptance of live activity (issue 13): `sm activity install` in a temp project, a SPAWNED `sm serve --mcp`, a v1
// SDK client subscribed to skillmap://activity, then the hook command exactly as install wrote it into
// .claude/settings.local.json, run by a shell with recorded Claude Code payloads. Also the hook's failure cases
// (no server, wrong token, stale serve.json, garbage stdin: exit 0, nothing printed) and a byte-for-byte
// uninstall of a settings file that held other hooks. Runs against the BUILT bin.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { runSm } from './support/sm-bin.js';
import type { BinRun } from './support/sm-bin.js';
import { finished, spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are read loosely; shapes are asserted
type Json = Record<string, any>;

const REVIEW = '.claude/skills/review/SKILL.md';
const PLANNER = '.claude/agents/planner.md';
const CODER = '.claude/agents/coder.md';
const DEPLOY = '.claude/commands/deploy.md';
/** An agent no hook ever reports: node-never-run's one issue once the capture covers its window. */
const IDLE = '.claude/agents/idle.md';
const SETTINGS = '.claude/settings.local.json';
/** A settings file with the user's own hooks and permissions, in Claude Code's own layout. */
const OTHER_SETTINGS = `{
  "permissions": {
    "allow": ["Bash(npm test)"]
  },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./scripts/guard.sh" }] }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]
  }
}
`;
const PROJECT: Record<string, string> = {
  [REVIEW]: '---\nname: review\ndescription: Reviews a change.\n---\nReview the diff.\n',
  [PLANNER]: '---\nname: planner\ndescription: Plans work.\n---\nPlan it.\n',
  // The subagent type is the frontmatter name, not the file name.
  [CODER]: '---\nname: coder-bot\ndescription: Writes code.\n---\nWrite it.\n',
  [DEPLOY]: '---\ndescription: Deploys.\n---\nDeploy to $ARGUMENTS.\n',
  [IDLE]: '---\nname: idle\ndescription: Never asked for.\n---\nWait.\n',
  [SETTINGS]: OTHER_SETTINGS,
};
const PAYLOADS = JSON.parse(
  readFileSync(new URL('./fixtures/claude-hook-payloads.json', import.meta.url), 'utf8'),
) as Record<string, Json>;

function makeProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sm-activity-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** Runs a hook command the way Claude Code does: a shell in the project, the payload on stdin. */
function runHook(command: string, root: string, input: string): Promise<BinRun> {
  return finished(
    spawn('sh', ['-c', command], { cwd: root, env: { ...process.env, CLAUDE_PROJECT_DIR: root } }),
    input,
  );
}

const payload = (name: string, root: string): string => JSON.stringify({ ...PAYLOADS[name], cwd: root });

/** The commands install wrote, per event (the file as Claude Code would read it). */
function installedCommands(root: string): Record<string, string> {
  const doc = JSON.parse(readFileSync(join(root, SETTINGS), 'utf8')) as Json;
  const out: Record<string, string> = {};
  for (const [event, groups] of Object.entries(doc['hooks'] as Record<string, Json[]>))
    for (const g of groups)
      for (const h of g['hooks'] as Json[])
        if (String(h['command']).includes('activity report'))
          out[`${event} ${g['matcher'] ?? ''}`.trim()] = h['command'];
  return out;
}

let root: string;
let serve: ServeProcess;
let client: Client;
let command: string;
const updates: string[] = [];

async function readActivity(): Promise<Json> {
  const r = await client.readResource({ uri: 'skillmap://activity' });
  return JSON.parse((r.contents[0] as { text: string }).text) as Json;
}

beforeAll(async () => {
  root = makeProject(PROJECT);
  expect(runSm(['scan', '-q'], { cwd: root }).code).toBe(0);
  const install = runSm(['activity', 'install', '--json'], { cwd: root });
  expect(install.code).toBe(0);
  expect(JSON.parse(install.stdout)).toMatchObject({ host: 'claude', file: SETTINGS, outcome: 'installed' });
  const commands = installedCommands(root);
  expect(Object.keys(commands).sort()).toEqual(['PreToolUse Skill|Task|Agent', 'UserPromptSubmit']);
  command = commands['PreToolUse Skill|Task|Agent']!;
  expect(commands['UserPromptSubmit']).toBe(command);
  serve = await spawnServe(root, ['--mcp', '--no-watcher']);
  client = new Client({ name: 'activity-v1', version: '1.0.0' });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
  await client.subscribeResource({ uri: 'skillmap://activity' });
  await new Promise((r) => setTimeout(r, 200)); // the GET stream opens right after initialize
});

afterAll(async () => {
  await client?.close();
  await serve?.stop();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('sm activity: the installed hook feeds skillmap://activity', () => {
  it('the banner says the hooks are installed', () => {
    expect(serve.stderr()).toContain('hooks claude installed');
  });

  it('a Skill call, Task calls (one from a subagent) and a slash command land as nodes and a spawn pair', async () => {
    for (const name of ['skill', 'skill', 'task', 'subagentTask', 'slashCommand', 'bash', 'unknownSkill']) {
      const run = await runHook(command, root, payload(name, root));
      expect(run, name).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    await expect.poll(() => updates.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect(new Set(updates)).toEqual(new Set(['skillmap://activity']));
    const activity = await readActivity();
    const counts = Object.fromEntries((activity['nodes'] as Json[]).map((n) => [n['path'], n['count']]));
    expect(counts).toEqual({ [REVIEW]: 2, [PLANNER]: 1, [CODER]: 1, [DEPLOY]: 1 });
    expect(activity['pairs']).toEqual([{ from: PLANNER, to: CODER, count: 1, lastAt: expect.any(Number) }]);
    expect(activity['events']).toBe(5);
    expect(activity['lastEventAt']).toEqual(expect.any(Number));
  });

  it('the runs are kept in the database: the sm check of another process reports only the agent never run', () => {
    // The capture has to cover the 30-day window: move its recorded start back (as if installed 40 days ago).
    const bak = join(root, '.skill-map/activity-hooks.bak');
    const record = JSON.parse(readFileSync(bak, 'utf8')) as Json;
    expect(record['hosts']['claude']['installedAt']).toEqual(expect.any(Number));
    record['hosts']['claude']['installedAt'] = Date.now() - 40 * 24 * 60 * 60 * 1000;
    writeFileSync(bak, JSON.stringify(record));
    const check = runSm(['check', '--json', '--analyzers', 'node-never-run'], { cwd: root });
    expect(check.code, check.stderr).toBe(0);
    const issues = (JSON.parse(check.stdout) as Json)['issues'] as Json[];
    expect(issues.map((i) => [i['severity'], i['nodeIds'][0]])).toEqual([['info', IDLE]]);
  });

  it('GET /api/activity/status reports the hooks and the last event', async () => {
    const body = (await (await fetch(`${serve.baseUrl}/api/activity/status`)).json()) as Json;
    expect(body['value']).toMatchObject({
      events: 5,
      lastEventAt: expect.any(Number),
      hooks: expect.arrayContaining([{ host: 'claude', file: SETTINGS, state: 'installed' }]),
    });
    const status = runSm(['activity', 'status', '--json'], { cwd: root });
    expect(JSON.parse(status.stdout)).toMatchObject({
      hosts: expect.arrayContaining([expect.objectContaining({ host: 'claude', state: 'installed' })]),
      server: { url: serve.baseUrl, events: 5 },
    });
  });

  it('fails quietly: no server, wrong token, stale serve.json, garbage stdin all exit 0 and print nothing', async () => {
    const before = (await readActivity())['events'] as number;
    const elsewhere = makeProject({ [REVIEW]: PROJECT[REVIEW]! });
    const serveJson = (over: Json): void => {
      const info = JSON.parse(readFileSync(join(root, '.skill-map', 'serve.json'), 'utf8')) as Json;
      mkdirSync(join(elsewhere, '.skill-map'), { recursive: true });
      writeFileSync(
        join(elsewhere, '.skill-map', 'serve.json'),
        JSON.stringify({ ...info, scopeRoot: elsewhere, ...over }),
      );
    };
    try {
      const quiet = { code: 0, stdout: '', stderr: '' };
      expect(await runHook(command, elsewhere, payload('skill', elsewhere))).toEqual(quiet); // no serve.json
      serveJson({ token: 'f'.repeat(64) }); // the live server, the wrong token
      expect(await runHook(command, elsewhere, payload('skill', elsewhere))).toEqual(quiet);
      serveJson({ port: 9 }); // stale: nothing listens there
      expect(await runHook(command, elsewhere, payload('skill', elsewhere))).toEqual(quiet);
      serveJson({ scopeRoot: root }); // copied from another project: not this scope root
      expect(await runHook(command, elsewhere, payload('skill', elsewhere))).toEqual(quiet);
      for (const garbage of [
        '',
        'not json {',
        '[1,2]',
        '{"hook_event_name":"PreToolUse","tool_name":"Skill"}',
      ])
        expect(await runHook(command, root, garbage)).toEqual(quiet);
      expect((await readActivity())['events']).toBe(before);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('sm activity for the other hosts', () => {
  it('Codex: the hooks.json command reports a SubagentStart and $skill mentions', async () => {
    expect(runSm(['activity', 'install', '--for', 'codex', '-q'], { cwd: root }).code).toBe(0);
    const doc = JSON.parse(readFileSync(join(root, '.codex/hooks.json'), 'utf8')) as Json;
    const codex = doc['hooks']['SubagentStart'][0]['hooks'][0]['command'] as string;
    expect(doc['hooks']['UserPromptSubmit'][0]['hooks'][0]['command']).toBe(codex);
    const before = (await readActivity())['events'] as number;
    const common = { session_id: 'c1', transcript_path: null, cwd: root, model: 'gpt-5' };
    const start = { ...common, hook_event_name: 'SubagentStart', agent_id: 't1', agent_type: 'planner' };
    const prompt = {
      ...common,
      hook_event_name: 'UserPromptSubmit',
      turn_id: 'u1',
      prompt: 'run $review now',
    };
    for (const p of [start, prompt])
      expect(await runHook(codex, root, JSON.stringify(p))).toEqual({ code: 0, stdout: '', stderr: '' });
    await expect.poll(async () => (await readActivity())['events'], { timeout: 10_000 }).toBe(before + 2);
    expect(
      JSON.parse(runSm(['activity', 'uninstall', '--for', 'codex', '--json'], { cwd: root }).stdout),
    ).toMatchObject({
      restore: 'deleted',
    });
  });

  it('OpenCode: the relay plugin install writes hands a skill tool call to the hook', async () => {
    expect(runSm(['activity', 'install', '--for', 'opencode', '-q'], { cwd: root }).code).toBe(0);
    const file = join(root, '.opencode/plugins/skill-map-activity.js');
    // OpenCode loads it as an ES module; Node needs the .mjs extension outside a "type": "module" package.
    const copy = join(root, 'plugin-copy.mjs');
    writeFileSync(copy, readFileSync(file));
    const mod = (await import(copy)) as { SkillMapActivity: (ctx: Json) => Promise<Json> };
    const hooks = await mod.SkillMapActivity({ directory: root, worktree: root });
    const before = (await readActivity())['nodes'] as Json[];
    const reviews = (nodes: Json[]): number => nodes.find((n) => n['path'] === REVIEW)?.['count'] ?? 0;
    await hooks['tool.execute.before'](
      { tool: 'skill', sessionID: 's', callID: 'c' },
      { args: { name: 'review' } },
    );
    await hooks['tool.execute.before'](
      { tool: 'bash', sessionID: 's', callID: 'd' },
      { args: { command: 'ls' } },
    );
    await expect
      .poll(async () => reviews((await readActivity())['nodes'] as Json[]), { timeout: 10_000 })
      .toBe(reviews(before) + 1);
    rmSync(copy);
    expect(runSm(['activity', 'uninstall', '--for', 'opencode', '-q'], { cwd: root }).code).toBe(0);
    expect(existsSync(join(root, '.opencode'))).toBe(false);
  });
});

describe('sm activity uninstall', () => {
  it('gives back the settings file byte for byte, other hooks included', () => {
    const out = runSm(['activity', 'uninstall', '--json'], { cwd: root });
    expect(JSON.parse(out.stdout)).toMatchObject({ outcome: 'removed', restore: 'original-bytes' });
    expect(readFileSync(join(root, SETTINGS), 'utf8')).toBe(OTHER_SETTINGS);
    expect(JSON.parse(runSm(['activity', 'uninstall', '--json'], { cwd: root }).stdout)).toMatchObject({
      outcome: 'not-installed',
    });
  });
});
