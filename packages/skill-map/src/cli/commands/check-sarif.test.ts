import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { ANALYZER_CATALOG } from '../../kernel/index.js';
import { runCli } from '../testing/run-cli.js';
import { tempProject } from '../testing/projects.js';

// The SARIF 2.1.0 schema as published with the OASIS standard, shipped by an npm package (nothing is downloaded).
const require = createRequire(import.meta.url);
const SCHEMA = JSON.parse(
  readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
) as Record<string, unknown>;
// The published schema has a `language` pattern that is invalid under the u flag: compile patterns without it.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(SCHEMA);

let tree: TempTree;
beforeEach(() => {
  tree = tempProject({
    '.mcp.json': '{ "mcpServers": { "docs": { "command": "docs-mcp" } } }\n',
    '.claude/agents/reviewer.md':
      '---\nname: reviewer\ndescription: Reviews changes\ncolor: magenta\ntools: Read, grep, mcp__docs__search\n---\nRead [the guide](guide.md).\n',
    '.claude/agents/guide.md': '---\nname: guide\ndescription: Guides\n---\nSee [gone](nowhere.md).\n',
  });
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  message: { text: string };
  locations?: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string };
      region: { startLine: number; startColumn: number };
    };
  }[];
}
interface SarifRule {
  id: string;
  helpUri: string;
  defaultConfiguration: { level: string };
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
}
interface Sarif {
  version: string;
  runs: { tool: { driver: { name: string; rules: SarifRule[] } }; results: SarifResult[] }[];
}

describe('sm check (scan + report)', () => {
  it('scans first (no earlier sm scan needed) and exits 1 on an error', async () => {
    const run = await sm('check');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^\.claude\/agents\/guide\.md\n {2}error +reference-broken /m);
    expect(run.stdout).toMatch(/^\.claude\/agents\/reviewer\.md\n {2}warn +agent-color-invalid /m);
    expect(run.stdout).toMatch(/^ {2}warn +tool-unknown .*did you mean 'Grep'\?/m);
    expect(run.stderr).toContain('failing: 1 issue(s) of severity error');
  });

  it('--max-warnings: warnings fail only past the budget; a bad budget is a usage error', async () => {
    tree.write({ '.claude/agents/guide.md': '---\nname: guide\ndescription: Guides\n---\nFine.\n' });
    expect((await sm('check')).code).toBe(0);
    const json = (await sm('check', '--json')).json<{ counts: { warn: number } }>();
    const warns = json.counts.warn;
    expect(warns).toBe(2);
    expect((await sm('check', '--max-warnings', String(warns))).code).toBe(0);
    const over = await sm('check', '--max-warnings', String(warns - 1));
    expect(over.code).toBe(1);
    expect(over.stderr).toContain(`failing: ${warns} warning(s), more than --max-warnings ${warns - 1}`);
    expect((await sm('check', '--max-warnings', 'lots')).code).toBe(2);
    expect((await sm('check', '--max-warnings', '0', '--severity', 'error')).code).toBe(0);
  });

  it('--format sarif validates against the SARIF 2.1.0 schema, with rules, levels and relative locations', async () => {
    const run = await sm('check', '--format', 'sarif');
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as Sarif;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    expect(log.version).toBe('2.1.0');
    const { driver } = log.runs[0]!.tool;
    expect(driver.name).toBe('skill-map');
    expect(driver.rules.map((r) => r.id)).toEqual(ANALYZER_CATALOG.map((e) => e.shortId));
    for (const rule of driver.rules) {
      expect(rule.helpUri).toBe(`https://skill-map.ai/docs/rules/${rule.id}.md`);
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
      expect(rule.shortDescription.text).not.toBe('');
      expect(rule.help.text).not.toBe('');
    }
    const results = log.runs[0]!.results;
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(driver.rules[r.ruleIndex!]!.id).toBe(r.ruleId);
      const loc = r.locations![0]!.physicalLocation;
      expect(loc.artifactLocation.uriBaseId).toBe('%SRCROOT%');
      expect(loc.artifactLocation.uri).not.toMatch(/^\/|:\/\//);
      expect(loc.region.startLine).toBeGreaterThanOrEqual(1);
      expect(loc.region.startColumn).toBeGreaterThanOrEqual(1);
    }
    const broken = results.find((r) => r.ruleId === 'reference-broken')!;
    expect(broken.level).toBe('error');
    expect(broken.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: '.claude/agents/guide.md', uriBaseId: '%SRCROOT%' },
      region: { startLine: 5, startColumn: 5 },
    });
    const unused = results.find((r) => r.ruleId === 'mcp-server-unused');
    expect(unused).toBeUndefined();
    const color = results.find((r) => r.ruleId === 'agent-color-invalid')!;
    expect(color.level).toBe('warning');
    // --rules-uri points the rule pages elsewhere; the log still validates.
    const other = JSON.parse(
      (await sm('check', '--format', 'sarif', '--rules-uri', 'https://x.test/r')).stdout,
    ) as Sarif;
    expect(other.runs[0]!.tool.driver.rules[0]!.helpUri).toBe('https://x.test/r/reference-broken.md');
    expect(validateSarif(other)).toBe(true);
  });

  it('the schema check can fail: a log without results or a bad level is refused', () => {
    expect(
      validateSarif({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ level: 'fatal', message: { text: 'm' } }] }],
      }),
    ).toBe(false);
    expect(validateSarif({ version: '2.0.0', runs: [] })).toBe(false);
  });

  it('--format json prints counts, the budget verdict and the issues; --json with --format sarif is a usage error', async () => {
    const json = (await sm('check', '--format', 'json')).json<{ failing: string | null; total: number }>();
    expect(json.failing).toBe('1 issue(s) of severity error');
    expect(json.total).toBeGreaterThan(0);
    expect((await sm('check', '--json', '--format', 'sarif')).code).toBe(2);
    expect((await sm('check', '--format', 'xml')).code).toBe(2);
  });

  it('--list-rules lists every rule (text and JSON) without scanning', async () => {
    const text = await sm('check', '--list-rules');
    expect(text.code).toBe(0);
    for (const e of ANALYZER_CATALOG) expect(text.stdout).toMatch(new RegExp(`^${e.shortId} `, 'm'));
    const json = (await sm('check', '--list-rules', '--json')).json<{
      rules: { id: string; hint: string; doc: string }[];
    }>();
    expect(json.rules.map((r) => r.id)).toEqual(ANALYZER_CATALOG.map((e) => e.shortId));
    expect(json.rules.every((r) => r.hint !== '' && r.doc === `docs/rules/${r.id}.md`)).toBe(true);
    expect(existsSync(join(tree.root, '.skill-map', 'skill-map.db'))).toBe(false);
  });
});
