import { describe, expect, it } from 'vitest';
import { shortAnalyzerId, suppressionMatches } from '../graph/issue-sink.js';
import { defaultKernelRegistry } from '../registry/core-plugins.js';
import { createRegistry } from '../registry/registry.js';
import { ANALYZER_CATALOG, analyzerCatalogOf, BUILTIN_ANALYZERS, resolveAnalyzerId } from './catalog.js';
import type { Analyzer } from './analyzer.js';
import { compileIgnoredReferences } from './ignored-references.js';
import { isCodeShapedMention } from './reference-broken.js';

describe('analyzer catalog', () => {
  it('lists every analyzer and kernel-stamped id, qualified and short', () => {
    expect(ANALYZER_CATALOG.map((e) => `${e.id}${e.suppressible ? '*' : ''}`)).toEqual([
      'core/reference-broken*',
      'core/name-reserved*',
      'core/name-collision',
      'core/name-mismatch',
      'core/link-kind-conflict*',
      'core/link-self-loop*',
      'core/reference-redundant*',
      'core/node-stability',
      'core/reference-deprecated*',
      'core/annotation-orphan',
      'core/annotation-field-unknown',
      'core/invalid-sidecar',
      'core/mcp-server-undefined*',
      'core/mcp-server-unused',
      'core/agent-color-invalid*',
      'core/model-unknown*',
      'core/tool-unknown*',
      'core/frontmatter-field-missing*',
      'core/skill-name-invalid*',
      'core/agent-skill-unknown*',
      'core/import-circular*',
      'core/import-too-deep*',
      'core/invocation-cycle',
      'core/path-case-clash',
      'core/node-unreachable*',
      'core/hook-event-unknown*',
      'core/hook-command-missing*',
      'core/permission-rule-unknown*',
      'core/skill-preload-dead*',
      'core/description-truncated',
      'core/skill-listing-budget*',
      'core/agents-md-over-limit',
      'core/node-never-run*',
      'core/frontmatter-parse-error',
      'core/frontmatter-malformed',
      'core/frontmatter-invalid',
      'core/backtick-unbalanced',
      'core/content-binary',
      'core/mcp-config-invalid',
      'core/schema-violation*',
      'core/scan-truncated',
      'core/file-oversized',
      'core/file-unreadable',
      'core/file-over-budget',
      'core/analysis-failed',
      'core/extension-error',
      'core/manifest-invalid',
      'core/settings-invalid',
      'core/secret-in-body*',
      'core/dangerous-command*',
      'core/host-field-unknown*',
      'core/host-field-invalid*',
      'core/suppression-unused',
      'core/suppression-invalid',
    ]);
    expect(BUILTIN_ANALYZERS.filter((a) => a.phase === 'score').map((a) => a.id)).toEqual([
      'core/reference-broken',
      'core/name-reserved',
    ]);
    expect(ANALYZER_CATALOG.every((e) => /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(e.shortId))).toBe(true);
  });

  it('resolves qualified or bare ids and refuses unknown ones', () => {
    expect(resolveAnalyzerId('core/reference-broken')?.shortId).toBe('reference-broken');
    expect(resolveAnalyzerId(' reference-broken ')?.id).toBe('core/reference-broken');
    expect(resolveAnalyzerId('reference-brokn')).toBeNull();
    expect(resolveAnalyzerId('other/reference-broken')).toBeNull();
  });
});

describe('suppression matching', () => {
  const issue = {
    analyzerId: 'reference-broken',
    severity: 'error' as const,
    nodeIds: ['a.md'],
    message: 'm',
    data: { target: '@ApiSecurity' },
  };

  it('compares the short analyzer id and the exact data.target', () => {
    expect(shortAnalyzerId('core/x')).toBe('x');
    expect(suppressionMatches({ analyzer: 'core/reference-broken', value: '@ApiSecurity' }, issue)).toBe(
      true,
    );
    expect(suppressionMatches({ analyzer: 'reference-broken', value: '@ApiSecurity' }, issue)).toBe(true);
    expect(suppressionMatches({ analyzer: 'reference-broken', value: '@apisecurity' }, issue)).toBe(false);
    expect(
      suppressionMatches({ analyzer: 'reference-broken', value: '@ApiSecurity' }, { ...issue, data: {} }),
    ).toBe(false);
  });
});

describe('reference-broken helpers', () => {
  it('treats decorators and JSDoc tags as code-shaped mentions', () => {
    expect(['@ApiSecurity', '@param', '@returns'].map(isCodeShapedMention)).toEqual([true, true, true]);
    expect(['@reviewer', '/Deploy', 'x.md'].map(isCodeShapedMention)).toEqual([false, false, false]);
  });

  it('compiles ignored-references: literal, /regex/, glob', () => {
    const ignored = compileIgnoredReferences(['@nestjs', '/^@Api/', 'docs/*.md', 'gen/**']);
    expect(['@nestjs', '@ApiKey', 'docs/a.md', 'gen/x/y.md'].map(ignored)).toEqual([true, true, true, true]);
    expect(['@nest', 'x@Api', 'docs/a/b.md', 'generated/x'].map(ignored)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the analyzer catalog of a registry', () => {
  const promptCheck: Analyzer = {
    id: 'acme/prompt-check',
    phase: 'detect',
    severity: 'varies',
    suppressible: false,
    description: 'Prompts need a description.',
    run: () => undefined,
  };

  it('is the built-in catalog under the built-ins alone', () => {
    expect(analyzerCatalogOf(defaultKernelRegistry())).toEqual(ANALYZER_CATALOG);
  });

  it("lists a plugin's analyzer under its qualified id with its plugin, and the built-ins only when registered", () => {
    const builder = createRegistry();
    builder.register({ id: 'acme', version: '1.0.0', specCompat: '^1.0.0', source: 'project' }, [
      {
        kind: 'analyzer',
        mode: 'deterministic',
        id: 'prompt-check',
        version: '1.0.0',
        description: '',
        impl: promptCheck,
      },
    ]);
    const catalog = analyzerCatalogOf(builder.build());
    expect(resolveAnalyzerId('prompt-check', catalog)).toMatchObject({
      id: 'acme/prompt-check',
      shortId: 'prompt-check',
      source: 'analyzer',
      plugin: 'acme',
    });
    expect(resolveAnalyzerId('prompt-check')).toBeNull();
    // No built-in analyzer without the core plugin; the kernel's own stamps remain.
    expect(resolveAnalyzerId('reference-broken', catalog)).toBeNull();
    expect(resolveAnalyzerId('extension-error', catalog)?.source).toBe('kernel');
  });
});
