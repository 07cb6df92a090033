import { describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { toSkillCatalog } from './skill-actions.js';

const skill = (fm: string, body = '\nRead the file and report what is outdated.\n'): string =>
  `---\n${fm}\n---\n${body}`;

describe('the skill-actions catalog', () => {
  it('admits a skill with a name, a description and a body, versioned from metadata.version', () => {
    const { skills, warnings } = toSkillCatalog([
      {
        dir: 'review',
        ok: true,
        text: skill('name: review\ndescription: Reviews.\nmetadata:\n  version: 1.2.3'),
      },
      { dir: 'plain', ok: true, text: skill('name: plain\ndescription: Plain.') },
    ]);
    expect(warnings).toEqual([]);
    expect(skills.map((s) => [s.id, s.name, s.version])).toEqual([
      ['skill:review', 'review', '1.2.3'],
      ['skill:plain', 'plain', '0.0.0'],
    ]);
    expect(skills[0]?.body).toBe('\nRead the file and report what is outdated.\n');
  });

  it('skips each defective folder with one warning naming it and the defect, keeping the others', () => {
    const { skills, warnings } = toSkillCatalog([
      { dir: 'no-name', ok: true, text: skill('description: x') },
      { dir: 'no-desc', ok: true, text: skill('name: x\ndescription: "  "') },
      { dir: 'empty', ok: true, text: skill('name: x\ndescription: y', '\n  \n') },
      { dir: 'fake-tag', ok: true, text: skill('name: x\ndescription: y', '<USER-CONTENT id="a">hi') },
      { dir: 'seam', ok: true, text: skill('name: x\ndescription: y', 'do {{userContent}}') },
      { dir: 'bare', ok: true, text: 'no frontmatter' },
      { dir: 'huge', ok: false, problem: '/p/SKILL.md is over 1 MiB' },
      { dir: 'good', ok: true, text: skill('name: good\ndescription: fine\nversion: "2.0.0"') },
    ]);
    expect(skills.map((s) => `${s.id}@${s.version}`)).toEqual(['skill:good@2.0.0']);
    expect(warnings).toEqual([
      "skill action 'no-name' skipped: frontmatter name must be a non-empty string",
      "skill action 'no-desc' skipped: frontmatter description must be a non-empty string",
      "skill action 'empty' skipped: the body is empty",
      "skill action 'fake-tag' skipped: the body carries a <user-content tag",
      "skill action 'seam' skipped: the body carries the {{userContent}} seam",
      "skill action 'bare' skipped: SKILL.md has no frontmatter (name and description)",
      "skill action 'huge' skipped: /p/SKILL.md is over 1 MiB",
    ]);
  });

  it('our skill-actions report schema takes a summary with the safety verdict, and refuses one without', () => {
    const spec = createSpecValidator();
    const safety = { injectionDetected: false, injectionType: null, contentQuality: 'clean' };
    const report = { confidence: 0.85, safety, summary: 'Nothing outdated.', flaggedSteps: [] };
    expect(spec.validate('skillActionReport', report)).toEqual({ ok: true });
    expect(spec.validate('skillActionReport', { ...report, summary: '' }).ok).toBe(false);
    expect(spec.validate('skillActionReport', { confidence: 0.5, summary: 'x' }).ok).toBe(false);
  });
});
