import { createHash } from 'node:crypto';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The parts of the rendered prompt that are not node content, in render order (spec §5.2 item 4). */
export interface TemplateParts {
  preamble: string;
  template: string;
  /** The optional sections (skill, findings/issues, current tags) actually rendered, in order. */
  sections: readonly string[];
  reportContract: string;
}

/** sha256 over preamble + template + optional sections + report contract (plain concatenation). */
export function promptTemplateHash(p: TemplateParts): string {
  return sha256(p.preamble + p.template + p.sections.join('') + p.reportContract);
}

/** The tuple a job's identity is hashed from. */
export interface ContentTuple {
  extensionId: string;
  extensionVersion: string;
  nodePath: string;
  bodyHash: string;
  frontmatterHash: string;
  promptTemplateHash: string;
}

/** sha256 over the NUL (0x00)-joined tuple, in the spec's order. */
export function contentHash(t: ContentTuple): string {
  return sha256(
    [t.extensionId, t.extensionVersion, t.nodePath, t.bodyHash, t.frontmatterHash, t.promptTemplateHash].join(
      '\u0000',
    ),
  );
}
