import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { insertFinding } from '../../../engines/findings/testing/findings-project.js';
import { setProcessingAgent } from '../../testing/job-fixtures.js';
import { startProjectServer } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';
import { encodePathB64 } from '../request-params.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();
const LINT = '.claude/skills/lint/SKILL.md';
const DEPLOY = '.claude/commands/deploy.md'; // links ../../docs/missing.md: one reference-broken issue
const SECURITY = 'core/ai-security-analyzer';

let ps: ProjectServer;

function installSkills(root: string): void {
  const dir = join(root, '.skill-map/.agents/skills');
  mkdirSync(join(dir, 'review'), { recursive: true });
  writeFileSync(
    join(dir, 'review/SKILL.md'),
    '---\nname: review\ndescription: Reviews one file.\nmetadata:\n  version: 1.2.3\n---\nRead it and report.\n',
  );
  mkdirSync(join(dir, 'broken'), { recursive: true });
  writeFileSync(join(dir, 'broken/SKILL.md'), '---\nname: broken\n---\nNo description.\n');
  // The installer's per-agent mirror: a symlink, never followed (the skill would show twice).
  symlinkSync(join(dir, 'review'), join(dir, 'review-mirror'));
}

async function get(node: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${ps.running.url}/api/nodes/${encodePathB64(node)}/prob-extensions`);
  return { status: res.status, body: (await res.json()) as Json };
}

function setSkillActions(enabled: boolean): void {
  writeFileSync(
    join(ps.tree.root, '.skill-map/settings.local.json'),
    JSON.stringify({ skillActions: { enabled } }),
  );
}

beforeAll(async () => {
  ps = await startProjectServer({
    mcp: false,
    prepare: (root) => {
      installSkills(root);
      setProcessingAgent(root, true);
      // On at boot, so the boot says which catalog folders are left out; the tests switch it per case.
      writeFileSync(
        join(root, '.skill-map/settings.local.json'),
        JSON.stringify({ skillActions: { enabled: true } }),
      );
    },
  });
});
afterAll(() => ps?.stop());

describe('GET /api/nodes/:pathB64/prob-extensions', () => {
  it('the server boot names each skill-action folder left out, once', () => {
    expect(ps.logger.lines.filter((l) => l.includes('skill action'))).toEqual([
      "warn skill action 'broken' skipped: frontmatter description must be a non-empty string",
    ]);
  });

  it('lists finders with their fixers, standalone launchers and no skills while skill actions are off', async () => {
    setSkillActions(false);
    const { status, body } = await get(LINT);
    expect(status).toBe(200);
    expect(spec.validate('restEnvelope', body)).toEqual({ ok: true });
    expect(body['kind']).toBe('node.prob-extensions');
    const finder = (body['item']['finders'] as Json[]).find((e) => e['id'] === SECURITY);
    expect(finder).toEqual({
      id: SECURITY,
      description: expect.any(String) as string,
      state: 'idle',
      lastJudged: null,
      jobId: null,
      fixerIds: ['core/ai-security-action'],
      hasOpenFindings: false,
      fixerBusy: null,
    });
    const standalone = (body['item']['standalone'] as Json[]).map((e) => e['id']);
    expect(standalone).toContain('core/ai-summarizer-action');
    expect(standalone).not.toContain('core/ai-security-action'); // rides its finder
    expect(standalone).not.toContain('core/ai-reference-action'); // no reference-broken issue on this node
    expect(body['item']['skills']).toEqual([]);
  });

  it('offers a deterministic analyzer’s fixer only on a node with an open issue of that analyzer', async () => {
    const { body } = await get(DEPLOY);
    expect((body['item']['standalone'] as Json[]).map((e) => e['id'])).toContain('core/ai-reference-action');
  });

  it('a finder with an open, current finding on the node says so; a fixed one does not count', async () => {
    const TEST = '.claude/skills/test/SKILL.md';
    const finderOf = async (node: string): Promise<Json | undefined> =>
      ((await get(node)).body['item']['finders'] as Json[]).find((e) => e['id'] === SECURITY);
    insertFinding(ps.dbPath, { node: TEST, extension: SECURITY, resolution: 'fixed' });
    expect((await finderOf(TEST))?.['hasOpenFindings']).toBe(false);
    // Waiting on a person is still open (the findings view shows it); only fixed and dismissed ones are closed.
    insertFinding(ps.dbPath, { node: TEST, extension: SECURITY, resolution: 'human-decision' });
    expect((await finderOf(TEST))?.['hasOpenFindings']).toBe(true);
  });

  it('shows a submitted job as the launcher’s queued state and its id', async () => {
    const res = await fetch(`${ps.running.url}/api/nodes/${encodePathB64(LINT)}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ extension: SECURITY }),
    });
    expect(res.status).toBe(201);
    const jobId = ((await res.json()) as Json)['value']['jobId'] as string;
    const finder = ((await get(LINT)).body['item']['finders'] as Json[]).find((e) => e['id'] === SECURITY);
    expect(finder).toMatchObject({ state: 'queued', jobId });
  });

  it('lists each admitted skill action once on every node when skillActions.enabled is true', async () => {
    setSkillActions(true);
    try {
      const { body } = await get(DEPLOY);
      expect(spec.validate('restEnvelope', body)).toEqual({ ok: true });
      expect(body['item']['skills']).toEqual([
        {
          id: 'skill:review',
          name: 'review',
          description: 'Reviews one file.',
          version: '1.2.3',
          state: 'idle',
          jobId: null,
          lastJudged: null,
        },
      ]);
    } finally {
      setSkillActions(false);
    }
  });

  it('answers 404 for a node the map does not have', async () => {
    const { status, body } = await get('docs/nope.md');
    expect(status).toBe(404);
    expect(body['error']).toMatchObject({ code: 'not-found' });
  });
});
