import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALL_SCHEMAS,
  emptyScanResult,
  IssueSchema,
  JobSchema,
  LinkSchema,
  NodeSchema,
  ScanResultSchema,
  toPublicJob,
  VIEW_SLOT_NAMES,
  ViewSlotsSchema,
  type CredentialedJob,
  type Issue,
  type Job,
  type Link,
  type Node,
  type ScanResult,
  type Sidecar,
} from './index.js';
import { createSpecValidator, SCHEMA_IDS, type SchemaName } from './testing/validator.js';

const SCHEMAS_DIR = new URL('../schemas/', import.meta.url).pathname;
const H = 'a'.repeat(64);
const v = createSpecValidator();

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? schemaFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

// Maximal samples: every optional field set. `Required<T>` makes the compiler prove the TS type has each field,
// and the schemas' additionalProperties:false makes ajv prove the schema has each field too.
const fullNode: Required<Node> = {
  path: 'skills/a/SKILL.md',
  kind: 'skill',
  provider: 'claude',
  frontmatter: { name: 'a' },
  bodyHash: H,
  frontmatterHash: H,
  bytes: { frontmatter: 1, body: 2, total: 3 },
  tokens: { frontmatter: 1, body: 1, total: 2 },
  modifiedAtMs: 1,
  linksOutCount: 0,
  linksInCount: 0,
  externalRefsCount: 1,
  externalRefs: ['https://example.com'],
  sidecar: { present: true, status: 'fresh', annotations: {}, root: {} },
  virtual: false,
  derivedFrom: ['.mcp.json'],
  isFavorite: false,
  contributions: [],
  tags: ['x'],
  body: null,
  raw: null,
};
const fullLink: Required<Link> = {
  source: 'a.md',
  target: '/deploy',
  kind: 'invokes',
  confidence: 1,
  sources: ['core/slash-command'],
  trigger: { originalTrigger: '/Deploy', normalizedTrigger: '/deploy' },
  location: { line: 1, column: 1, offset: 0 },
  raw: '/Deploy',
  occurrences: [
    { extractor: 'core/slash-command', originalTrigger: '/Deploy', context: null, location: null },
  ],
  resolvedTarget: null,
};
const fullIssue: Required<Issue> = {
  analyzerId: 'reference-broken',
  severity: 'error',
  nodeIds: ['a.md'],
  message: 'broken',
  linkIndices: [0],
  detail: 'd',
  fix: {},
  data: { target: '/deploy' },
};
const fullJob: Required<Job> = {
  id: 'j-1',
  extensionId: 'core/summarize',
  extensionVersion: '1.0.0',
  extensionKind: 'action',
  nodeId: 'a.md',
  contentHash: H,
  status: 'failed',
  ttlSeconds: 60,
  createdAt: 1,
  nonce: 'n',
  priority: 0,
  findingIds: [1],
  autoFix: false,
  failureReason: 'timeout',
  runner: 'agent',
  claimedAt: 2,
  finishedAt: 3,
  expiresAt: 4,
  submittedBy: 'cli',
};
const fullScan: Required<ScanResult> = {
  schemaVersion: 1,
  scannedAt: 1,
  roots: ['.'],
  nodes: [fullNode],
  links: [fullLink],
  issues: [fullIssue],
  stats: {
    filesWalked: 1,
    filesSkipped: 0,
    filesOversized: 0,
    nodesCount: 1,
    linksCount: 1,
    issuesCount: 1,
    durationMs: 2,
  },
  scannedBy: { name: 'skill-map', version: '0.1.0', specVersion: '1.0.0' },
  providers: ['claude'],
  tokenizer: 'cl100k_base',
  activeProvider: 'claude',
  scanCeiling: 5000,
  scanTruncated: false,
  maxRenderNodes: 256,
  oversizedFiles: [{ path: 'big.md', bytes: 2_000_000 }],
};

function expectValid(name: SchemaName, value: unknown): void {
  expect(v.validate(name, value)).toEqual({ ok: true });
}
function expectInvalid(name: SchemaName, value: unknown, fragment: string): void {
  const r = v.validate(name, value);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.errors.join('\n')).toContain(fragment);
}

describe('@skill-map/spec schemas', () => {
  it('ships generated constants identical to the JSON files (run `npm run generate` after editing a schema)', () => {
    const files = schemaFiles(SCHEMAS_DIR)
      .map((f) => relative(SCHEMAS_DIR, f))
      .sort();
    expect(Object.keys(ALL_SCHEMAS).sort()).toEqual(files);
    for (const file of files) {
      const onDisk = JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8'));
      expect(ALL_SCHEMAS[file as keyof typeof ALL_SCHEMAS], file).toEqual(onDisk);
    }
  });

  it('puts every $id under https://skill-map.ai/spec/v1/ and uses draft 2020-12', () => {
    for (const [file, schema] of Object.entries(ALL_SCHEMAS)) {
      expect(schema.$id).toBe(`https://skill-map.ai/spec/v1/${file}`);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });

  it('names the same view slots in VIEW_SLOT_NAMES as view-slots.schema.json, each with a payload schema', () => {
    const slots = ViewSlotsSchema.$defs.SlotName.oneOf.map((s) => s.const);
    expect(slots).toEqual([...VIEW_SLOT_NAMES]);
    expect(slots.filter((s) => !Object.hasOwn(ViewSlotsSchema.$defs.payloads, s))).toEqual([]);
  });

  it('compiles every named schema in ajv strict mode', () => {
    for (const name of Object.keys(SCHEMA_IDS) as SchemaName[]) {
      expect(v.validate(name, null).ok, name).toBe(false);
    }
  });

  it('keeps TS types and schemas in agreement (maximal typed samples validate, keys match exactly)', () => {
    expectValid('node', fullNode);
    expectValid('link', fullLink);
    expectValid('issue', fullIssue);
    expectValid('job', fullJob);
    expectValid('scanResult', fullScan);
    expect(Object.keys(fullNode).sort()).toEqual(Object.keys(NodeSchema.properties).sort());
    expect(Object.keys(fullLink).sort()).toEqual(Object.keys(LinkSchema.properties).sort());
    expect(Object.keys(fullIssue).sort()).toEqual(Object.keys(IssueSchema.properties).sort());
    expect(Object.keys(fullJob).sort()).toEqual(Object.keys(JobSchema.properties).sort());
    expect(Object.keys(fullScan).sort()).toEqual(Object.keys(ScanResultSchema.properties).sort());
  });

  it('validates the empty ScanResult shape', () => {
    const empty = emptyScanResult();
    expectValid('scanResult', empty);
    expect(empty).toMatchObject({ roots: ['.'], scanCeiling: 5000, maxRenderNodes: 256, nodes: [] });
  });

  it('rejects wrong nodes', () => {
    expectInvalid('node', { ...fullNode, extra: 1 }, 'must NOT have additional properties');
    expectInvalid('node', { ...fullNode, kind: 'bad kind;' }, '/kind must match pattern');
    expectInvalid('node', { ...fullNode, bodyHash: 'ABC' }, '/bodyHash must match pattern');
    expectInvalid(
      'node',
      { ...fullNode, sidecar: { present: true, status: 'old', annotations: null, root: null } },
      '/sidecar/status',
    );
    const { provider: _p, ...noProvider } = fullNode;
    expectInvalid('node', noProvider, "must have required property 'provider'");
  });

  it('rejects wrong links and issues', () => {
    expectInvalid('link', { ...fullLink, kind: 'calls' }, '/kind must be equal to one of the allowed values');
    expectInvalid('link', { ...fullLink, confidence: 1.5 }, '/confidence must be <= 1');
    expectInvalid('link', { ...fullLink, sources: [] }, '/sources must NOT have fewer than 1 items');
    expectInvalid(
      'issue',
      { ...fullIssue, analyzerId: 'core/reference-broken' },
      '/analyzerId must match pattern',
    );
    expectInvalid('issue', { ...fullIssue, severity: 'warning' }, '/severity');
    expectInvalid('issue', { ...fullIssue, data: { target: 3 } }, '/data/target must be string');
  });

  it('asserts nonce absence on PublicJob and presence on CredentialedJob', () => {
    const credentialed: CredentialedJob = { ...fullJob, nonce: 'n' };
    expectValid('credentialedJob', credentialed);
    expectInvalid('publicJob', credentialed, 'must NOT be valid');
    const pub = toPublicJob(fullJob);
    expect('nonce' in pub).toBe(false);
    expectValid('publicJob', pub);
    expectInvalid('credentialedJob', pub, "must have required property 'nonce'");
  });

  it('allows failureReason only on failed jobs', () => {
    expectValid('job', { ...fullJob, status: 'completed', failureReason: null });
    expectInvalid(
      'job',
      { ...fullJob, status: 'completed', failureReason: 'timeout' },
      '/failureReason must be null',
    );
  });

  it('validates sidecars and annotations', () => {
    const sidecar: Sidecar = {
      identity: { path: 'a.md', bodyHash: H, frontmatterHash: H },
      annotations: {
        stability: 'deprecated',
        issueSuppressions: [{ analyzer: 'core/reference-broken', value: '/x' }],
      },
      audit: { createdAt: '2026-01-01T00:00:00Z' },
      'my-plugin': { anything: true },
    };
    expectValid('sidecar', sidecar);
    expectInvalid('sidecar', { annotations: { stability: 'gone' } }, '/annotations/stability');
    expectInvalid(
      'sidecar',
      { annotations: { issueSuppressions: [{ analyzer: 'x' }] } },
      "required property 'value'",
    );
    expectInvalid('annotations', { docsUrl: 'not a uri' }, '/docsUrl must match format "uri"');
  });

  it('validates project config', () => {
    expectValid('projectConfig', {
      mcp: { server: { enabled: true } },
      scan: { maxScan: 10 },
      allowEditSmFiles: false,
    });
    expectInvalid(
      'projectConfig',
      { mcp: { server: { enabled: 'yes' } } },
      '/mcp/server/enabled must be boolean',
    );
    expectInvalid('projectConfig', { server: { host: '0.0.0.0' } }, '/server/host');
    expectInvalid('projectConfig', { unknownKey: 1 }, 'must NOT have additional properties');
  });

  it('accepts activeProvider as one id, a list of ids, or null', () => {
    expectValid('projectConfig', { activeProvider: 'claude' });
    expectValid('projectConfig', { activeProvider: ['claude', 'cursor'] });
    expectValid('projectConfig', { activeProvider: null });
    expectInvalid('projectConfig', { activeProvider: ['claude', 3] }, '/activeProvider/1 must be string');
    expectInvalid('projectConfig', { activeProvider: [''] }, '/activeProvider/0 must NOT have fewer than 1');
    expectInvalid('projectConfig', { activeProvider: 1 }, '/activeProvider must be string,array,null');
  });

  it('carries the active provider set in ScanResult.providers', () => {
    expectValid('scanResult', {
      ...fullScan,
      activeProvider: 'claude',
      providers: ['claude', 'opencode', 'codex', 'antigravity', 'cursor'],
    });
    expectInvalid('scanResult', { ...fullScan, providers: [''] }, '/providers/0');
  });

  const registries = {
    kindRegistry: {
      skill: { providerId: 'claude', label: 'Skills', color: '#2f6fdb', colorDark: '#6ea8ff' },
    },
    providerRegistry: {
      claude: {
        pluginId: 'core',
        qualifiedId: 'core/claude',
        version: '1.0.0',
        kinds: ['skill'],
        stability: 'stable',
      },
    },
    contributionsRegistry: {
      'copilot/prompt-stats': {
        pluginId: 'copilot',
        slot: 'inspector-panel',
        title: 'Prompt',
        render: 'key-value',
      },
    },
  };

  it('validates each REST envelope kind and rejects hybrids', () => {
    expectValid('restEnvelope', {
      schemaVersion: '1',
      kind: 'nodes',
      items: [],
      counts: { total: 0 },
      filters: {},
      ...registries,
    });
    expectValid('restEnvelope', { schemaVersion: '1', kind: 'node', item: fullNode, ...registries });
    expectValid('restEnvelope', { schemaVersion: '1', kind: 'count', value: 3 });
    expectValid('restEnvelope', { schemaVersion: '1', kind: 'config', value: {}, ...registries });
    expectValid('restEnvelope', { ok: false, error: { code: 'not-found', message: 'no', details: null } });
    expectInvalid(
      'restEnvelope',
      { schemaVersion: '1', kind: 'x', items: [], item: {}, counts: { total: 0 } },
      'must match exactly one schema',
    );
    expectInvalid(
      'restEnvelope',
      { ok: false, error: { code: 'Bad Code', message: 'no', details: null } },
      'must match',
    );
    expectInvalid('restEnvelope', { schemaVersion: 1, kind: 'count', value: 3 }, 'must be equal to constant');
  });

  it('requires the registries on list, single and config envelopes, in their shape', () => {
    const list = { schemaVersion: '1', kind: 'nodes', items: [], counts: { total: 0 } };
    expectInvalid('restEnvelope', list, "must have required property 'kindRegistry'");
    expectInvalid('restEnvelope', { schemaVersion: '1', kind: 'config', value: {} }, 'kindRegistry');
    expectInvalid(
      'restEnvelope',
      {
        ...list,
        ...registries,
        kindRegistry: { skill: { providerId: 'claude', label: 'Skills', color: 'blue' } },
      },
      '/kindRegistry/skill/color',
    );
    expectInvalid(
      'restEnvelope',
      {
        ...list,
        ...registries,
        contributionsRegistry: {
          'copilot/x': { pluginId: 'copilot', slot: 'anywhere', title: 'X', render: 'html' },
        },
      },
      '/contributionsRegistry/copilot~1x/slot',
    );
  });
});
