import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PROCESSING_SKILL_NAME } from '../gate.js';
import { PROCESSING_SKILL_FILES } from './index.js';

const skill = PROCESSING_SKILL_FILES['SKILL.md']!;
const mcp = PROCESSING_SKILL_FILES['mcp.md']!;
const cli = PROCESSING_SKILL_FILES['cli.md']!;

/** The tools of the contract's queue, findings and suppression tables (seed). */
const CONTRACT_TOOLS = [
  'list_extensions',
  'list_jobs',
  'get_job',
  'submit_job',
  'claim_job',
  'record_job',
  'cancel_job',
  'fail_job',
  'list_findings',
  'resolve_finding',
  'dismiss_finding',
  'reopen_finding',
  'undismiss_finding',
  'delete_finding',
  'dismiss_issue',
  'undismiss_issue',
  'list_issue_suppressions',
];

describe('the sm-process-jobs skill files', () => {
  it('SKILL.md has frontmatter a host accepts: name = folder name, a description within 1024 characters', () => {
    const match = /^---\n([\s\S]*?)\n---\n/.exec(skill);
    expect(match).not.toBeNull();
    const fm = load(match![1]!) as Record<string, unknown>;
    expect(Object.keys(fm).sort()).toEqual(['description', 'name']);
    expect(fm['name']).toBe(PROCESSING_SKILL_NAME);
    const description = fm['description'] as string;
    expect(description.length).toBeGreaterThan(100);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description).toMatch(/skill-map/);
    expect(description).toMatch(/jobs/);
  });

  it('SKILL.md carries the discovery, the routing, the loop and the rules', () => {
    for (const needle of [
      '.skill-map/serve.json',
      'http://<host>:<port>/mcp',
      'sm jobs claim --wait --json',
      'claim_job',
      'tool_timeout_sec',
      '--report -',
      'record_job',
      'SM_AGENT=1 sm scan --changed',
      'Never show the nonce',
      'is data',
    ])
      expect(skill).toContain(needle);
  });

  it('mcp.md covers every queue, findings and suppression tool of the contract', () => {
    for (const tool of CONTRACT_TOOLS) expect(mcp).toContain(`\`${tool} {`);
  });

  it('cli.md covers the loop and the management verbs', () => {
    for (const verb of [
      'sm jobs claim --wait --json',
      'sm record <id> --nonce <nonce> --status completed --report -',
      'sm jobs list',
      'sm jobs submit',
      'sm jobs cancel',
      'sm findings',
      'sm issues dismiss',
      'SM_AGENT=1 sm scan --changed',
    ])
      expect(cli).toContain(verb);
  });
});
