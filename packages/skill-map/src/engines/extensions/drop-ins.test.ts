// A drop-in plugin's probabilistic analyzer (a finder), in process over real folders, a real plugin worker and a
// real SQLite project: it loads only once trusted, its jobs render its prompt with the findings envelope, a report is
// validated against its schema and the envelope, and its findings reach the one findings engine.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FindingsReportSchema } from '@skill-map/spec';
import { loadConfig } from '../../adapters/index.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { createEngineContext } from '../operable/create-context.js';
import { findingsView } from '../findings/index.js';
import { cancelJobsOfDisabled, claimJob, listJobs, previewJob, recordJob, submitJob } from '../jobs/index.js';
import { createJobsProject, type JobsProject } from '../jobs/testing/project.js';
import { loadPlugins } from '../plugins/load.js';
import { listExtensions } from './list-extensions.js';

const EXT = 'finder/echo-probe';
const DIR = '.skill-map/plugins/finder';
const SCHEMA = { allOf: [{ $ref: FindingsReportSchema.$id }] };
const REPORT = {
  confidence: 0.8,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  findings: [{ type: 'echo', severity: 'warn', message: 'The steps repeat.', confidence: 0.7 }],
};

/** The reference's folder layout: plugin.json, then analyzers/<name>/ with extension.json, index.js and the pair. */
function finderFiles(over: Record<string, string> = {}): Record<string, string> {
  return {
    [`${DIR}/plugin.json`]: JSON.stringify({ version: '0.1.0', specCompat: '*' }),
    [`${DIR}/analyzers/echo-probe/extension.json`]: JSON.stringify({
      version: '0.1.0',
      description: 'Finds repeated steps.',
    }),
    [`${DIR}/analyzers/echo-probe/index.js`]:
      "export default { mode: 'probabilistic', probExpectedDurationSeconds: 30 };\n",
    [`${DIR}/analyzers/echo-probe/prompt.md`]: 'Look for repeated steps.\n\n{{userContent}}\n',
    [`${DIR}/analyzers/echo-probe/report.schema.json`]: JSON.stringify(SCHEMA),
    ...over,
  };
}

let p: JobsProject;
afterEach(() => p?.remove());

async function project(files: Record<string, string>, trusted = true): Promise<JobsProject> {
  p = await createJobsProject({ 'notes.md': '# Notes\n\n1. Build.\n2. Build again.\n', ...files });
  if (trusted)
    writeTrust(p.tree.root, 'finder', {
      version: '0.1.0',
      source: 'project',
      trustedAt: '2026-12-03T00:00:00Z',
    });
  return p;
}

const env = (): NodeJS.ProcessEnv => ({ SKILL_MAP_USER_PLUGINS: join(p.tree.root, 'no-user-plugins') });

/** The production context: the built-ins plus the project's drop-in finders, reloaded per call. */
const live = () =>
  createEngineContext({
    scopeRoot: p.tree.root,
    dbPath: p.dbPath,
    channel: 'cli',
    env: env(),
    opsLog: p.ctx.opsLog,
  });

async function finderState() {
  const config = loadConfig({ projectRoot: p.tree.root }).merged;
  const loaded = await loadPlugins({ projectRoot: p.tree.root, config, env: env(), builtIns: false });
  return loaded.plugins.find((x) => x.id === 'finder')!;
}

describe('a drop-in probabilistic analyzer', () => {
  it('loads once trusted (mode probabilistic); untrusted, its prompt and schema are never read', async () => {
    // An unparseable schema would make the plugin load-error if anything read it.
    await project(finderFiles({ [`${DIR}/analyzers/echo-probe/report.schema.json`]: '{ not json' }), false);
    const untrusted = await finderState();
    expect(untrusted.status).toBe('untrusted');
    expect((await listExtensions(live())).map((e) => e.id)).not.toContain(EXT);
    await expect(submitJob(live(), { node: 'notes.md', extension: EXT })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining("its plugin 'finder' is untrusted") as unknown,
    });
    p.remove();
    await project(finderFiles());
    const state = await finderState();
    expect(state.status).toBe('enabled');
    expect(state.extensions).toEqual([
      expect.objectContaining({ id: EXT, kind: 'analyzer', mode: 'probabilistic' }),
    ]);
    expect(await listExtensions(live())).toContainEqual({
      id: EXT,
      kind: 'analyzer',
      role: 'finder',
      description: 'Finds repeated steps.',
    });
  });

  it.each([
    [
      'a schema that does not extend the envelope',
      { 'report.schema.json': '{"type":"object"}' },
      /extend the findings envelope/,
    ],
    ['no prompt.md', { 'prompt.md': null }, /has no .*prompt\.md/],
    ['a prompt without its seam', { 'prompt.md': 'No seam here.\n' }, /exactly one \{\{userContent\}\} seam/],
    [
      'an evaluate()',
      {
        'index.js':
          "export default { mode: 'probabilistic', probExpectedDurationSeconds: 30, evaluate: () => [] };\n",
      },
      /has an evaluate\(\)/,
    ],
    [
      'no probExpectedDurationSeconds',
      { 'index.js': "export default { mode: 'probabilistic' };\n" },
      /needs probExpectedDurationSeconds/,
    ],
  ])('is a load error with %s', async (_what, files, reason) => {
    const all = finderFiles();
    for (const [name, text] of Object.entries(files)) {
      const key = `${DIR}/analyzers/echo-probe/${name}`;
      if (text === null) delete all[key];
      else all[key] = text;
    }
    await project(all);
    const state = await finderState();
    expect(state.status).toBe('load-error');
    expect(state.statusReason).toMatch(reason);
  });

  it('queues a job with its prompt and the envelope, records a valid report as findings, refuses an invalid one', async () => {
    await project(finderFiles());
    const ctx = live();
    const created = await submitJob(ctx, { node: 'notes.md', extension: 'echo-probe' });
    expect(created).toMatchObject({ outcome: 'created', extensionId: EXT });
    expect(listJobs(ctx, {})[0]).toMatchObject({
      extensionId: EXT,
      extensionKind: 'analyzer',
      status: 'queued',
    });
    const preview = await previewJob(ctx, { node: 'notes.md', extension: EXT });
    expect(preview.content).toContain('Look for repeated steps.');
    expect(preview.content).toContain(`"$ref": "${FindingsReportSchema.$id}"`);
    expect(preview.content).toContain('(the findings envelope), is:');

    const first = claimJob(ctx, {})!;
    const bad = { ...REPORT, findings: [{ ...REPORT.findings[0], severity: 'critical' }] };
    const refused = await recordJob(ctx, { ...first, status: 'completed', report: JSON.stringify(bad) });
    expect(refused).toMatchObject({ outcome: 'report-invalid' });
    expect(findingsView(ctx).findings).toEqual([]);

    await submitJob(ctx, { node: 'notes.md', extension: EXT, force: true });
    const second = claimJob(ctx, {})!;
    const done = await recordJob(ctx, { ...second, status: 'completed', report: JSON.stringify(REPORT) });
    expect(done).toMatchObject({ outcome: 'completed', status: 'completed' });
    expect(findingsView(ctx).findings).toEqual([
      expect.objectContaining({
        nodeId: 'notes.md',
        extensionId: EXT,
        origin: 'extension',
        type: 'echo',
        severity: 'warn',
        confidence: 0.7,
      }),
    ]);
  });

  it('switching the finder off with its enable key cancels its queued jobs', async () => {
    await project(finderFiles());
    const ctx = live();
    const created = await submitJob(ctx, { node: 'notes.md', extension: EXT });
    p.tree.write({
      '.skill-map/settings.json': JSON.stringify({
        plugins: { finder: { extensions: { 'echo-probe': { enabled: false } } } },
      }),
    });
    expect(cancelJobsOfDisabled(ctx, 'plugins.finder.extensions.echo-probe.enabled')).toEqual([
      (created as { jobId: string }).jobId,
    ]);
    expect((await listExtensions(ctx)).map((e) => e.id)).not.toContain(EXT);
  });

  it('switched off, its extension is gone from the catalog and a submit does not find it', async () => {
    await project({
      ...finderFiles(),
      '.skill-map/settings.json': JSON.stringify({ plugins: { finder: { enabled: false } } }),
    });
    const ctx = live();
    expect((await listExtensions(ctx)).map((e) => e.id)).not.toContain(EXT);
    await expect(submitJob(ctx, { node: 'notes.md', extension: EXT })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('plugins.finder.enabled is false') as unknown,
    });
  });
});
