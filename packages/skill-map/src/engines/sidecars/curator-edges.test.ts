import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { CLAUDE_PROJECT } from '../testing/projects.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { createSidecarCurator } from './curator.js';
import { deepMerge, sanitize } from './deep-merge.js';
import type { Consent } from './port.js';
import { createCuratorProject, NODE, SIDECAR, type CuratorProject } from './testing/curator-project.js';

const CONFIRM: Consent = { confirm: true };

let project: CuratorProject;
let tree: TempTree;
let ctx: EngineContext;
beforeEach(async () => {
  project = await createCuratorProject({
    ...CLAUDE_PROJECT,
    '.mcp.json': JSON.stringify({ mcpServers: { db: { command: 'x' } } }),
  });
  ({ tree, ctx } = project);
});
afterEach(() => project.remove());

const read = (rel: string): string | null => project.read(rel);
const curate = (change: (a: Record<string, unknown>) => Record<string, unknown> | null, node = NODE) =>
  project.curate(CONFIRM, change, node);

function mirrored(node = NODE): unknown {
  const session = ctx.openSession('read');
  try {
    return session?.nodes.get(node)?.sidecar?.annotations ?? null;
  } finally {
    session?.close();
  }
}

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const err: unknown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (err instanceof EngineError) return err;
  throw new Error(`expected an EngineError, got ${String(err)}`);
}

describe('refusals name what to fix', () => {
  it('an unknown node: not-found naming the node and `sm scan`, nothing written', async () => {
    const err = await refusal(curate((a) => ({ ...a, tags: ['x'] }), 'docs/new.md'));
    expect(err.code).toBe('not-found');
    expect(err.details).toEqual({ node: 'docs/new.md' });
    expect(err.message).toContain("'docs/new.md'");
    expect(err.message).toContain('sm scan');
    expect(read('docs/new.sm')).toBeNull();
  });

  it('a virtual node (an MCP server) has no sidecar to write', async () => {
    const err = await refusal(curate((a) => ({ ...a, tags: ['x'] }), 'mcp://db'));
    expect(err.code).toBe('invalid-input');
    expect(err.details).toEqual({ node: 'mcp://db' });
    expect(err.message).toContain('virtual');
  });

  it('a node path that resolves outside the project is refused before any read', () => {
    const curator = createSidecarCurator(ctx);
    for (const node of ['../outside.md', '../../etc/passwd.md']) {
      let err: unknown = null;
      try {
        curator.readAnnotations(node);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(EngineError);
      expect((err as EngineError).code).toBe('invalid-input');
      expect((err as EngineError).details).toEqual({ node });
      expect((err as EngineError).message).toContain('outside the project');
    }
  });

  it('an unparseable sidecar: sidecar-invalid naming the file and the parser’s reason', async () => {
    writeFileSync(tree.abs(SIDECAR), 'a: [\n');
    const err = await refusal(curate((a) => ({ ...a, tags: ['x'] })));
    expect(err.code).toBe('sidecar-invalid');
    expect(err.details?.['sidecar']).toBe(SIDECAR);
    expect(String(err.details?.['reason'])).toMatch(/^does not parse \(.+\)$/);
    expect(err.message).toContain(`'${SIDECAR}'`);
    expect(err.message).toContain('nothing was written');
  });

  it('a change that would not validate says which field and why', async () => {
    const err = await refusal(curate((a) => ({ ...a, stability: 'bogus' })));
    expect(err.code).toBe('sidecar-invalid');
    expect(String(err.details?.['reason'])).toMatch(/^would not validate after this change \(.*stability/);
    expect(read(SIDECAR)).toBeNull();
  });
});

describe('what gets written', () => {
  it('an empty existing sidecar is seeded with the node’s identity like a missing one', async () => {
    writeFileSync(tree.abs(SIDECAR), '');
    const r = await curate((a) => ({ ...a, tags: ['x'] }));
    expect(r.changed).toBe(true);
    expect(read(SIDECAR)).toContain(`identity:\n  bodyHash: `);
    expect(read(SIDECAR)).toContain(`  path: ${NODE}\n`);
  });

  it('an existing sidecar without identity is not given one', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\n');
    await curate((a) => ({ ...a, license: 'MIT' }));
    expect(read(SIDECAR)).not.toContain('identity');
  });

  it('a change that empties the annotations drops the key (file and mirror)', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\nzeta-plugin:\n  a: 1\n');
    await curate(() => ({}));
    const r = await curate(() => ({}));
    expect(r).toEqual({ annotations: {}, changed: false });
    expect(read(SIDECAR)).toBe('zeta-plugin:\n  a: 1\n');
    expect(mirrored()).toBeNull();
  });

  it('a change to what is already there reports unchanged and leaves the file untouched', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags:\n    - a\n');
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(tree.abs(SIDECAR), old, old);
    const r = await curate((a) => ({ ...a }));
    expect(r).toEqual({ annotations: { tags: ['a'] }, changed: false });
    expect(statSync(tree.abs(SIDECAR)).mtimeMs).toBe(old.getTime());
    expect(mirrored()).toEqual({ tags: ['a'] });
  });

  it('the change function sees a sanitized copy of the current annotations', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\n  constructor: 1\n');
    let seen: Record<string, unknown> = {};
    await curate((a) => {
      seen = a;
      return null;
    });
    expect(seen).toEqual({ tags: ['a'] });
  });

  it('readAnnotations drops prototype keys from what it reads', () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\n  __proto__:\n    x: 1\n');
    expect(createSidecarCurator(ctx).readAnnotations(NODE)).toEqual({ tags: ['a'] });
    writeFileSync(tree.abs(SIDECAR), 'other: 1\n');
    expect(createSidecarCurator(ctx).readAnnotations(NODE)).toBeNull();
  });
});

describe('more of what a write checks and says', () => {
  it('a scanner-invalid sidecar is refused with every complaint, joined', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  - a\n');
    const err = await refusal(curate((a) => ({ ...a, tags: ['x'] })));
    expect(String(err.details?.['reason'])).toMatch(/^is invalid \(.+\)$/);
  });

  it('a change with several schema errors names them all, separated by "; "', async () => {
    const err = await refusal(curate((a) => ({ ...a, stability: 'bogus', tags: 'not-a-list' })));
    const reason = String(err.details?.['reason']);
    expect(reason).toContain('stability');
    expect(reason).toContain('tags');
    expect(reason).toContain('; ');
  });

  it('an identity given by a patch is kept, not replaced by the seeded one', async () => {
    const session = ctx.openSession('write');
    if (session === null) throw new Error('no db');
    const zeros = '0'.repeat(64);
    try {
      await createSidecarCurator(ctx).applyPatch(session, NODE, CONFIRM, {
        annotations: { tags: ['x'] },
        identity: { path: NODE, bodyHash: zeros, frontmatterHash: zeros },
      });
    } finally {
      session.close();
    }
    expect(read(SIDECAR)).toContain(`bodyHash: '${zeros}'`);
  });

  it('takes the per-path lock in the sidecar-locks folder beside the database, and releases it', async () => {
    const locks = tree.abs('.skill-map/sidecar-locks');
    let during: string[] = [];
    await curate((a) => {
      during = readdirSync(locks);
      return { ...a, tags: ['x'] };
    });
    expect(during.filter((n) => n !== '.gitignore')).toHaveLength(1);
    expect(during.find((n) => n !== '.gitignore')).toMatch(/^[0-9a-f]{32}\.lock$/);
    expect(readdirSync(locks)).toEqual(['.gitignore']);
  });

  it('readAnnotations answers null when annotations is not a mapping', () => {
    for (const text of ['annotations: [a]\n', 'annotations: 5\n', 'annotations: null\n']) {
      writeFileSync(tree.abs(SIDECAR), text);
      expect(createSidecarCurator(ctx).readAnnotations(NODE)).toBeNull();
    }
  });

  it('a change that leaves a key undefined writes the document without it', async () => {
    const r = await curate((a) => ({ ...a, tags: ['x'], license: undefined }));
    expect(r.changed).toBe(true);
    expect(read(SIDECAR)).not.toContain('license');
  });
});

describe('sanitize and deepMerge drop undefined values', () => {
  it('a patch key left undefined changes nothing (it does not delete the stored value)', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  license: MIT\n  tags: [a]\n');
    const session = ctx.openSession('write');
    if (session === null) throw new Error('no db');
    try {
      await createSidecarCurator(ctx).applyPatch(session, NODE, CONFIRM, {
        annotations: { license: undefined, tags: ['b'] },
      });
    } finally {
      session.close();
    }
    expect(read(SIDECAR)).toBe('annotations:\n  license: MIT\n  tags:\n    - b\n');
  });

  it('leaves no key holding undefined', () => {
    expect(Object.keys(sanitize({ a: 1, b: undefined }) as object)).toEqual(['a']);
    const merged = deepMerge({ a: 1, b: 2 }, { a: undefined, c: undefined });
    expect(merged).toStrictEqual({ a: 1, b: 2 });
  });
});
