// Where the corpus suites find real agent-harness repositories to read in place. They are not part of the
// repository: a developer or CI names the folder with SM_CORPORA (`.ci/run` points it at ../shared/corpora), and
// without it the suites are skipped and `scripts/test.mjs` says, in one line, that they did not run.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const CORPORA_ENV = 'SM_CORPORA';

/**
 * The corpora folder named by `SM_CORPORA`, or `undefined` when none is given. A name that is not a folder is a
 * mistake worth failing on (the suites would otherwise be skipped without anyone noticing), so it throws.
 */
export function corporaDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env[CORPORA_ENV];
  if (given === undefined || given === '') return undefined;
  const dir = resolve(given);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `${CORPORA_ENV}=${given}: not a folder (it should hold the corpora, one repository per folder)`,
    );
  }
  return dir;
}
