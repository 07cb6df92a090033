// Planted-break recall on the scan benchmark's synthetic project (bench/scan/generate.mjs, used as is): every broken
// link the generator plants is an error, nothing else is, and broken paths planted inside fenced code in each real
// form (list items, tildes, longer fences, indented under a list) are never reported. PLANTED_NODES sets the size.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import type { ScanResult } from '@skill-map/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { isBuilt, runSm } from '../support/sm-bin.js';

interface Generated {
  files: number;
  docs: string[];
  skills: string[];
}

const NODES = Number(process.env['PLANTED_NODES'] ?? 1000);
// bench/scan/generate.mjs is plain JS without types: import it by URL.
const GENERATE = new URL('../../../../bench/scan/generate.mjs', import.meta.url).href;
const { generateProject } = (await import(GENERATE)) as {
  generateProject: (root: string, nodes: number, seed?: number) => Generated;
};

/** Fenced code holding broken paths, in the forms real skills use. */
const IN_CODE = [
  '',
  '```',
  'docs/in-code/plain.md',
  '```',
  '',
  '1. A step:',
  '',
  '   ```sh',
  '   cat docs/in-code/list-item.md',
  '   ```',
  '',
  '~~~~ text `info`',
  'see docs/in-code/tilde.md',
  '~~~~~',
  '',
  '````markdown',
  '```',
  'docs/in-code/nested.md',
  '```',
  '````',
  '',
].join('\n');

const TMP = mkdtempSync(join(tmpdir(), 'sm-planted-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Generates the project, plants fenced-code paths, scans it with the built bin. */
function plantAndScan(): {
  run: ReturnType<typeof runSm>;
  planted: Set<string>;
  withCode: string[];
  result: ScanResult;
  errors: ScanResult['issues'];
  reported: Set<string>;
} {
  const root = join(TMP, 'project');
  const project = generateProject(root, NODES, 42);
  const planted = new Set<string>();
  const LINK = /\]\(([^)\s]*archive\/[^)\s]*)\)/g;
  const written = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
  for (const doc of written.map((f) => f.split('\\').join('/'))) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const m of text.matchAll(LINK)) {
      const target = posix.join(dirname(doc), m[1]!);
      if (target.startsWith('docs/archive/')) planted.add(`${doc} -> ${target}`);
    }
  }
  const withCode = project.docs.filter((_, i) => i % 10 === 0);
  for (const doc of withCode) appendFileSync(join(root, doc), IN_CODE);
  const run = runSm(['scan', '--json', '--full', '--root', root, '--db', join(TMP, 'planted.db')], {
    cwd: TMP,
  });
  const result = JSON.parse(run.stdout) as ScanResult;
  const errors = result.issues.filter((i) => i.analyzerId === 'reference-broken' && i.severity === 'error');
  const reported = new Set(errors.map((i) => `${i.nodeIds[0]} -> ${String(i.data?.['target'])}`));

  return { run, planted, withCode, result, errors, reported };
}

describe.skipIf(!isBuilt())(`planted breaks in the ${NODES}-node synthetic project`, () => {
  // Collected even when skipped: the work runs only with a built bin.
  const { run, planted, withCode, result, errors, reported } = isBuilt()
    ? plantAndScan()
    : {
        run: { code: null, stdout: '', stderr: '' },
        planted: new Set<string>(),
        withCode: [],
        result: { issues: [] },
        errors: [],
        reported: new Set<string>(),
      };

  it('plants some breaks (the check is not vacuous)', () => {
    expect(run.code).toBe(1);
    expect(planted.size).toBeGreaterThan(0);
    expect(withCode.length).toBeGreaterThan(0);
  });

  it('reports every planted break as an error (recall 100%) and no other error', () => {
    console.log(
      `planted: ${planted.size} breaks, ${withCode.length * 4} paths in fenced code; reported errors: ${errors.length}`,
    );
    expect([...planted].filter((p) => !reported.has(p))).toEqual([]);
    expect([...reported].filter((p) => !planted.has(p))).toEqual([]);
  });

  it('reports nothing inside fenced code', () => {
    const inCode = result.issues.filter((i) => String(i.data?.['target'] ?? '').includes('in-code/'));
    expect(inCode).toEqual([]);
  });
});
