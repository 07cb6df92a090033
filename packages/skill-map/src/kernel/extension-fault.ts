import type { Issue } from '@skill-map/spec';

/** The issue of an extension whose answer for one file was discarded (`data.extension` names it). */
export function extensionFault(path: string, extension: string, problem: string): Issue {
  return {
    analyzerId: 'extension-error',
    severity: 'warn',
    nodeIds: [path],
    message: `Extension '${extension}' ${problem.slice(0, 300)} on '${path}'; its answer is left out`,
    data: { extension, error: problem.slice(0, 2000) },
  };
}
