import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { JobSchema } from '@skill-map/spec';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureProjectId } from '../../adapters/postgres/project-id.js';
import { databasesOn, STORES } from '../../adapters/testing/per-store.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { createExtensionCatalog } from '../../engines/extensions/catalog.js';
import { submitJob } from '../../engines/jobs/index.js';
import { createEngineContext } from '../../engines/operable/create-context.js';
import { setProcessingAgent, testCatalog } from '../../server/testing/job-fixtures.js';
import { main } from '../main.js';
import { captureStream, runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, tempProject } from '../testing/projects.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- outputs are read loosely; shapes are asserted
type Json = Record<string, any>;
const NODE = '.claude/skills/deploy/SKILL.md';
const FINDER = 'test/ai-lint-analyzer';

let tree: TempTree;
/** The environment every run gets: SKILL_MAP_DB names the PostgreSQL database in the PostgreSQL suite. */
let env: Record<string, string> = {};
/** The PostgreSQL database of the current test; null on SQLite. */
let url: string | null = null;
const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root, env });
const jobAjv = new Ajv2020({ strict: false }).addSchema(JobSchema);
const validatePublic = jobAjv.getSchema(`${JobSchema.$id}#/$defs/PublicJob`)!;
const validateCredentialed = jobAjv.getSchema(`${JobSchema.$id}#/$defs/CredentialedJob`)!;
const opsLog = (): string => readFileSync(join(tree.root, '.skill-map', 'operations.log'), 'utf8');

/** Queues a job the way any channel does (the engine, here with the test extensions the CLI build lacks). */
async function queue(extension = FINDER): Promise<string> {
  const engines = createEngineContext({
    scopeRoot: tree.root,
    dbPath: url ?? join(tree.root, '.skill-map', 'skill-map.db'),
    channel: 'ui',
    extensions: testCatalog(),
    ...(url === null ? {} : { server: { url, projectId: ensureProjectId(tree.root).id } }),
  });
  const out = await submitJob(engines, { node: NODE, extension });
  await engines.opsLog.flush();
  if (out.outcome !== 'created') throw new Error(`submit refused: ${out.outcome}`);
  return out.jobId;
}

/** Runs `sm` with `stdin` fed and ended (runCli's stdin never ends). */
async function smWithStdin(
  stdin: string,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = captureStream();
  const stderr = captureStream();
  const input = new PassThrough();
  input.end(stdin);
  const code = await main(argv, { stdout, stderr, stdin: input, env, cwd: tree.root });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const databaseOf = databasesOn({ beforeAll, afterAll }, 'cli_jobs');

for (const store of STORES) {
  describe(store, () => {
    beforeEach(async (ctx) => {
      const database = databaseOf(store);
      if (database === null) return ctx.skip();
      url = database.kind === 'postgres' ? database.url : null;
      env = url === null ? {} : { SKILL_MAP_DB: url };
      tree = tempProject(CLEAN_PROJECT);
      setProcessingAgent(tree.root, true);
      expect((await sm('scan')).code).toBe(0);
    });
    afterEach(() => tree?.remove());

    describe('sm jobs claim / list / show', () => {
      it('an empty queue is exit 1, with null under --json and nothing on stdout otherwise', async () => {
        const plain = await sm('jobs', 'claim');
        expect(plain.code).toBe(1);
        expect(plain.stdout).toBe('');
        expect(plain.stderr).toContain('the queue is empty');
        const json = await sm('jobs', 'claim', '--json');
        expect(json.code).toBe(1);
        expect(json.json()).toBeNull();
      });

      it('claim hands out id, nonce and content; list and show never show the nonce', async () => {
        const id = await queue();
        const claimed = await sm('jobs', 'claim', '--json');
        expect(claimed.code).toBe(0);
        const job = claimed.json<{ id: string; nonce: string; content: string }>();
        expect(Object.keys(job)).toEqual(['id', 'nonce', 'content']);
        expect(job.id).toBe(id);
        expect(job.content).toContain('# Lint this node');

        const surfaces = [
          await sm('jobs', 'list'),
          await sm('jobs', 'list', '--json'),
          await sm('jobs', 'show', id),
          await sm('jobs', 'show', id, '--json'),
        ];
        for (const s of surfaces) {
          expect(s.code).toBe(0);
          expect(s.stdout + s.stderr).not.toContain(job.nonce);
        }
        expect(surfaces[1]?.json<Json[]>()[0]).toMatchObject({ id, status: 'running' });
        expect(surfaces[2]?.stdout).toMatch(/status +running/);
        expect(opsLog()).not.toContain(job.nonce);
      });

      it('claim --wait prints exactly what a plain claim prints; progress stays on stderr', async () => {
        const a = await queue(FINDER);
        const b = await queue('test/ai-summary-action');
        const plain = await sm('jobs', 'claim', '--filter', FINDER);
        const waited = await sm(
          'jobs',
          'claim',
          '--wait',
          '--timeout',
          '5',
          '--filter',
          'test/ai-summary-action',
        );
        expect(plain.code).toBe(0);
        expect(waited.code).toBe(0);
        const shape = (out: string, id: string, nonce: string) =>
          out.replace(id, '<id>').replace(nonce, '<nonce>');
        const nonceOf = (out: string) => /^nonce: (\S+)$/m.exec(out)?.[1] ?? '';
        expect(plain.stdout.startsWith(`id: ${a}\nnonce: `)).toBe(true);
        expect(waited.stdout.startsWith(`id: ${b}\nnonce: `)).toBe(true);
        expect(shape(waited.stdout, b, nonceOf(waited.stdout)).split('\n').slice(0, 3)).toEqual(
          shape(plain.stdout, a, nonceOf(plain.stdout)).split('\n').slice(0, 3),
        );
        expect(waited.stderr).toContain('waiting up to 5s');
      });

      it('claim --wait --timeout elapsing on an empty queue is exit 1', async () => {
        const run = await sm('jobs', 'claim', '--wait', '--timeout', '1', '--interval', '0.2', '--json');
        expect(run.code).toBe(1);
        expect(run.json()).toBeNull();
        expect(run.stderr).toContain('no job arrived before the timeout');
      });

      it('list filters by status, extension and node; bad values are usage errors naming the flag', async () => {
        const id = await queue();
        const listed = (
          await sm('jobs', 'list', '--status', 'queued', '--extension', FINDER, '--node', NODE, '--json')
        ).json<Json[]>();
        // The reference's shape: a bare array of nonce-less jobs (job.schema.json#/$defs/PublicJob).
        expect(listed.map((j) => j['id'])).toEqual([id]);
        for (const j of listed) expect(validatePublic(j), JSON.stringify(validatePublic.errors)).toBe(true);
        expect((await sm('jobs', 'list', '--status', 'running', '--json')).json<Json[]>()).toEqual([]);
        const bad = await sm('jobs', 'list', '--status', 'done');
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain('--status must be one of queued, running, completed, failed, cancelled');
        const wrongSub = await sm('jobs', 'list', '--force');
        expect(wrongSub.code).toBe(2);
        expect(wrongSub.stderr).toContain('--force is an option of `sm jobs submit`');
        expect((await sm('jobs', 'claim', '--timeout', '3')).code).toBe(2);
        expect((await sm('jobs', 'bogus')).code).toBe(2);
      });

      it('status counts the jobs in each state', async () => {
        await queue();
        const run = await sm('jobs', 'status', '--json');
        expect(run.code).toBe(0);
        expect(run.json()['counts']).toEqual({
          queued: 1,
          running: 0,
          completed: 0,
          failed: 0,
          cancelled: 0,
        });
        expect((await sm('jobs', 'status')).stdout).toBe(
          'queued 1, running 0, completed 0, failed 0, cancelled 0\n',
        );
      });

      it('show, cancel and fail of an unknown job are exit 5', async () => {
        for (const sub of ['show', 'cancel', 'fail'])
          expect((await sm('jobs', sub, 'd-20260101-000000-0000')).code).toBe(5);
      });
    });

    describe('sm jobs cancel / fail / prune', () => {
      it('cancel then cancel again: 0 then 2 (already terminal); fail marks user-failed; ops log channel cli', async () => {
        const id = await queue();
        const first = await sm('jobs', 'cancel', id);
        expect(first.code).toBe(0);
        expect(first.stdout).toBe(`cancelled ${id}\n`);
        const again = await sm('jobs', 'cancel', id, '--json');
        expect(again.code).toBe(2);
        expect(again.json()).toMatchObject({ id, outcome: 'already-terminal', status: 'cancelled' });
        expect(again.stderr).toContain('already cancelled');

        const id2 = await queue('test/ai-summary-action');
        expect((await sm('jobs', 'fail', id2)).code).toBe(0);
        expect((await sm('jobs', 'show', id2, '--json')).json<{ item: Json }>().item).toMatchObject({
          status: 'failed',
          failureReason: 'user-failed',
        });
        const lines = opsLog()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Json);
        expect(lines).toContainEqual(expect.objectContaining({ op: 'jobs.cancel', channel: 'cli', id }));
        expect(lines).toContainEqual(expect.objectContaining({ op: 'jobs.fail', channel: 'cli', id: id2 }));
      });

      it('prune takes only a terminal status', async () => {
        expect((await sm('jobs', 'prune', '--status', 'queued')).code).toBe(2);
        const run = await sm('jobs', 'prune', '--status', 'cancelled', '--json');
        expect(run.code).toBe(0);
        expect(run.json()).toMatchObject({ jobs: expect.any(Number), contents: expect.any(Number) });
      });
    });

    describe('sm record', () => {
      async function claimed(): Promise<{ id: string; nonce: string }> {
        await queue();
        return (await sm('jobs', 'claim', '--json')).json<{ id: string; nonce: string }>();
      }

      it('a wrong nonce is exit 4 and changes nothing (the job id as --id, the reference form, too)', async () => {
        const { id, nonce } = await claimed();
        const before = opsLog();
        const run = await sm('record', '--id', id, '--nonce', 'f'.repeat(32), '--status', 'failed');
        expect(run.code).toBe(4);
        expect(run.stderr).toContain('the nonce does not match');
        expect(opsLog()).toBe(before);
        expect((await sm('jobs', 'show', id, '--json')).json<{ item: Json }>().item['status']).toBe(
          'running',
        );
        expect(nonce).not.toBe('f'.repeat(32));
      });

      it('records a failure; --json streams the events as JSON lines, the outcome last, never the nonce', async () => {
        const { id, nonce } = await claimed();
        const run = await sm(
          'record',
          id,
          '--nonce',
          nonce,
          '--status',
          'failed',
          '--failure-reason',
          'timeout',
          '--json',
        );
        expect(run.code).toBe(0);
        expect(run.stdout).not.toContain(nonce);
        const lines = run.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Json);
        expect(lines.at(-1)).toMatchObject({
          outcome: 'completed',
          status: 'failed',
          executionId: expect.any(String),
        });
        const types = lines.slice(0, -1).map((e) => e['type']);
        // The synthetic run envelope of an external record (spec §5.4).
        expect(types).toEqual([
          'run.started',
          'job.claimed',
          'job.callback.received',
          'job.failed',
          'run.summary',
        ]);
        expect(lines[1]).toMatchObject({ jobId: id, data: { nodeId: NODE } });
        expect((await sm('jobs', 'show', id, '--json')).json<{ item: Json }>().item).toMatchObject({
          status: 'failed',
          failureReason: 'timeout',
        });
        const again = await sm('record', id, '--nonce', nonce, '--status', 'failed');
        expect(again.code).toBe(2);
        expect(again.stderr).toContain('not in running state');
      });

      it('reads the report from stdin with --report -', async () => {
        const { id, nonce } = await claimed();
        // The CLI build has no test/ extension, so the schema is unresolved (exit 2) once the report was read.
        const run = await smWithStdin(
          '{"confidence":1}',
          'record',
          id,
          '--nonce',
          nonce,
          '--status',
          'completed',
          '--report',
          '-',
        );
        expect(run.code).toBe(2);
        expect(run.stderr).toContain('cannot be resolved');
      });

      it('usage errors: completed without --report, a missing report file, a bad reason, an unknown job (5)', async () => {
        const { id, nonce } = await claimed();
        expect((await sm('record', id, '--nonce', nonce, '--status', 'completed')).stderr).toContain(
          'needs --report',
        );
        const missing = await sm(
          'record',
          id,
          '--nonce',
          nonce,
          '--status',
          'completed',
          '--report',
          'nope.json',
        );
        expect(missing.code).toBe(2);
        expect(missing.stderr).toContain('cannot read the report file nope.json');
        expect(
          (await sm('record', id, '--nonce', nonce, '--status', 'failed', '--failure-reason', 'bored')).code,
        ).toBe(2);
        expect(
          (await sm('record', id, '--nonce', nonce, '--status', 'failed', '--tokens-in', '-1')).code,
        ).toBe(2);
        expect((await sm('record', 'd-nope', '--nonce', nonce, '--status', 'failed')).code).toBe(5);
      });
    });

    describe('sm jobs submit / extensions', () => {
      it('an unknown extension or node is exit 5; a submit without the agent skill is refused (2)', async () => {
        expect((await sm('jobs', 'submit', NODE, 'no-such-extension')).code).toBe(5);
        setProcessingAgent(tree.root, false);
        const gated = await sm('jobs', 'submit', NODE, 'no-such-extension');
        expect([2, 5]).toContain(gated.code);
      });

      it('a deterministic action is refused (2): it runs in-process, not as a job, agent or not', async () => {
        for (const agent of [false, true]) {
          setProcessingAgent(tree.root, agent);
          for (const id of ['core/node-set-tags', 'node-set-tags']) {
            const run = await sm('jobs', 'submit', id, '-n', NODE);
            expect(run.code).toBe(2);
            expect(run.stderr).toContain(
              'core/node-set-tags is a deterministic action: deterministic actions run in-process',
            );
            expect(run.stderr).toContain('sm actions run core/node-set-tags -n <node>');
          }
        }
        expect((await sm('jobs', 'list', '--json')).stdout).not.toContain('node-set-tags');
      });

      it('a file edited since the scan is refused (2) naming it, with the remedy said once', async () => {
        tree.write({ [NODE]: `${readFileSync(join(tree.root, NODE), 'utf8')}\nEdited after the scan.\n` });
        const run = await sm('jobs', 'submit', NODE, 'ai-security-analyzer');
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`${NODE} changed since the last scan`);
        expect(run.stderr.split('run `sm scan` and submit again')).toHaveLength(2);
      });

      it('bad ttl, priority and finding ids are usage errors naming the flag', async () => {
        expect((await sm('jobs', 'submit', NODE, FINDER, '--ttl', '-1')).stderr).toContain(
          '--ttl must be an integer >= 0',
        );
        expect((await sm('jobs', 'submit', NODE, FINDER, '--priority', 'high')).stderr).toContain(
          '--priority',
        );
        expect((await sm('jobs', 'submit', NODE, FINDER, '--finding', '1,x')).stderr).toContain('--finding');
        expect((await sm('jobs', 'submit', NODE)).code).toBe(2);
      });

      it('extensions lists what the catalog enables, as JSON too', async () => {
        const run = await sm('jobs', 'extensions', '--json');
        expect(run.code).toBe(0);
        const items = run.json<{ items: Json[] }>().items;
        expect(items.map((e) => e['id'])).toEqual(
          createExtensionCatalog()
            .listEnabled({})
            .map((e) => e.id),
        );
        for (const e of items)
          expect(Object.keys(e)).toEqual(expect.arrayContaining(['id', 'kind', 'role', 'description']));
      });
    });

    // The CLI runs the built-in catalog (it has no seam for test extensions).
    const BUILTIN = 'core/ai-summarizer-action';
    describe('sm jobs submit with a built-in extension', () => {
      it('created (0, the nonce only under --json), then duplicate (3); --force still refuses a second live job', async () => {
        const first = await sm('jobs', 'submit', NODE, BUILTIN, '--json');
        expect(first.code).toBe(0);
        // The reference's shape: the queued job with its nonce (job.schema.json#/$defs/CredentialedJob).
        const out = first.json();
        expect(validateCredentialed(out), JSON.stringify(validateCredentialed.errors)).toBe(true);
        expect(out).toMatchObject({
          nodeId: NODE,
          status: 'queued',
          nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
        });
        const dup = await sm('jobs', 'submit', NODE, BUILTIN);
        expect(dup.code).toBe(3);
        expect(dup.stderr).toContain(String(out['id']));
        const dupJson = await sm('jobs', 'submit', NODE, BUILTIN, '--json');
        expect([dupJson.code, dupJson.json()]).toEqual([
          3,
          { duplicate: true, nodeId: NODE, existingId: out['id'], outcome: 'duplicate' },
        ]);
        expect((await sm('jobs', 'submit', NODE, BUILTIN, '--force')).code).not.toBe(0);
        const human = await sm('jobs', 'list');
        expect(human.stdout).not.toContain(String(out['nonce']));
      });
    });

    describe('sm record of a tagger report', () => {
      it('says on stderr how many tags it proposes for which node (a proposal, nothing written to the node)', async () => {
        const submitted = await sm('jobs', 'submit', 'core/ai-tagger-action', '-n', NODE, '--json');
        expect(submitted.code).toBe(0);
        const { id, nonce } = (await sm('jobs', 'claim', '--json')).json<{ id: string; nonce: string }>();
        const safety = { injectionDetected: false, injectionType: null, contentQuality: 'clean' };
        writeFileSync(
          join(tree.root, 'tags.json'),
          JSON.stringify({ confidence: 0.85, safety, tags: ['deployment', 'release-process'] }),
        );
        const run = await sm(
          'record',
          '--id',
          id,
          '--nonce',
          nonce,
          '--status',
          'completed',
          '--report',
          'tags.json',
        );
        expect(run.code).toBe(0);
        expect(run.stderr).toContain(`2 tags proposed for ${NODE}`);
      });
    });

    describe('sm record with a report that breaks the built-in schema', () => {
      it("exit 2 and stderr says the report failed schema validation (the reference's wording); the job is failed", async () => {
        const id = (await sm('jobs', 'submit', BUILTIN, '-n', NODE, '--json')).json()['id'] as string;
        const { nonce } = (await sm('jobs', 'claim', '--json')).json<{ nonce: string }>();
        writeFileSync(join(tree.root, 'bad.json'), JSON.stringify({ confidence: 0.9, safety: 'clean' }));
        const run = await sm(
          'record',
          '--id',
          id,
          '--nonce',
          nonce,
          '--status',
          'completed',
          '--report',
          'bad.json',
        );
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(/schema validation/);
        expect((await sm('jobs', 'show', id, '--json')).json<{ item: Json }>().item['status']).toBe('failed');
      });
    });

    describe("the reference's submit form: sm jobs submit <extension> -n <node>", () => {
      it('queues the same job as <node> <extension>, with -n or --node, and preview takes it too', async () => {
        const created = await sm('jobs', 'submit', BUILTIN, '-n', NODE, '--json');
        expect(created.code).toBe(0);
        expect(created.json()).toMatchObject({ status: 'queued', nodeId: NODE, extensionId: BUILTIN });
        // The same job in the older order is a duplicate of it (3), so both forms name one job.
        expect((await sm('jobs', 'submit', NODE, BUILTIN)).code).toBe(3);
        expect((await sm('jobs', 'submit', 'ai-summarizer-action', '--node', NODE)).code).toBe(3);
        const preview = await sm('jobs', 'preview', BUILTIN, '-n', NODE);
        expect(preview.code).toBe(0);
        expect(preview.stdout).toContain(NODE);
        // --last and a job id print what the queued job holds, byte for byte what its claim hands out.
        const id = created.json<Json>()['id'] as string;
        const last = await sm('jobs', 'preview', '--last');
        expect(last.code).toBe(0);
        expect((await sm('jobs', 'preview', id, '--json')).json()).toMatchObject({
          id,
          content: last.stdout,
        });
        expect((await sm('jobs', 'claim', '--json')).json()).toMatchObject({
          id,
          content: last.stdout,
        });
        expect((await sm('jobs', 'preview', 'd-20990101-000000-ffff')).code).toBe(5);
      });

      it('with -n, a second positional is a usage error showing the reference form', async () => {
        const run = await sm('jobs', 'submit', BUILTIN, NODE, '-n', NODE);
        expect(run.code).toBe(2);
        expect(run.stderr).toContain('sm jobs submit <extension> -n <node>');
      });
    });

    describe('disabling an extension with sm config set cancels its queued jobs (spec §5.5)', () => {
      it('queued jobs are cancelled, a running one is left to finish, and the extension refuses new submits', async () => {
        const other = 'CLAUDE.md';
        const claimed = (await sm('jobs', 'submit', NODE, BUILTIN, '--json')).json()['id'] as string;
        const waiting = (await sm('jobs', 'submit', other, BUILTIN, '--json')).json()['id'] as string;
        expect(
          (await sm('jobs', 'claim', '--filter', 'ai-summarizer-action', '--json')).json(),
        ).toMatchObject({
          id: claimed,
        });
        const untouched = (await sm('jobs', 'show', waiting, '--json')).json()['item'] as Record<
          string,
          unknown
        >;
        expect(untouched['status']).toBe('queued');

        const set = await sm(
          'config',
          'set',
          'plugins.core.extensions.ai-summarizer-action.enabled',
          'false',
          '--json',
        );
        expect(set.code).toBe(0);
        expect(set.json()['cancelledJobs']).toEqual([waiting]);
        const status = async (id: string) =>
          ((await sm('jobs', 'show', id, '--json')).json()['item'] as Record<string, unknown>)['status'];
        expect(await status(waiting)).toBe('cancelled');
        expect(await status(claimed)).toBe('running');
        expect(opsLog()).toContain('"op":"jobs.cancel","target":"*","extension":"core/ai-summarizer-action"');
        const refused = await sm('jobs', 'submit', NODE, BUILTIN);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain('plugins.core.extensions.ai-summarizer-action.enabled');
        // Another setting cancels nothing.
        expect((await sm('config', 'set', 'scan.strict', 'true', '--json')).json()).not.toHaveProperty(
          'cancelledJobs',
        );
      });
    });
  });
}
