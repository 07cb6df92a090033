// Where conformance cases live and how they are read: our own suites ship in this package
// (`conformance/spec/` and `conformance/providers/<id>/`, each with `cases/` and `fixtures/`), and any folder in the
// reference's layout can be run with `--cases`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ConformanceCaseSchema } from '@skill-map/spec';
import { CliError } from '../errors.js';
import type { CaseSuite, ConformanceCase } from './types.js';

/** The `@skill-map/cli` package folder, found upwards from this module (src/, dist/ and dist/bundle/ differ). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const pkg = join(dir, 'package.json');
    if (
      existsSync(pkg) &&
      (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@skill-map/cli'
    )
      return dir;
    dir = dirname(dir);
  }
  throw new CliError(
    'UNAVAILABLE',
    'cannot find the @skill-map/cli package folder holding the conformance suites',
  );
}

/** Our own suites, in registry order: the spec's, then each provider's. */
export function builtInSuites(root = join(packageRoot(), 'conformance')): CaseSuite[] {
  const suite = (scope: string, dir: string): CaseSuite => ({
    scope,
    casesDir: join(dir, 'cases'),
    fixturesDir: join(dir, 'fixtures'),
  });
  const providers = join(root, 'providers');
  const ids = existsSync(providers) ? readdirSync(providers).sort() : [];
  return [
    suite('spec', join(root, 'spec')),
    ...ids.map((id) => suite(`provider:${id}`, join(providers, id))),
  ];
}

/** A folder in the reference's layout: `<dir>/cases/*.json` (or `<dir>/*.json`) and `fixtures/` beside them. */
export function folderSuite(dir: string): CaseSuite {
  const abs = resolve(dir);
  const casesDir = existsSync(join(abs, 'cases')) ? join(abs, 'cases') : abs;
  const fixturesDir = join(dirname(casesDir), 'fixtures');
  if (!existsSync(casesDir)) throw new CliError('USAGE', `no conformance cases folder at ${abs}`);
  return { scope: abs, casesDir, fixturesDir };
}

const validate = new Ajv2020({ strict: false, allErrors: true }).compile(ConformanceCaseSchema);

/** Every case of a suite, sorted by id; a file that is not a valid case is a configuration error naming it. */
export function readCases(suite: CaseSuite): ConformanceCase[] {
  if (!existsSync(suite.casesDir)) return [];
  return readdirSync(suite.casesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = join(suite.casesDir, f);
      let doc: unknown;
      try {
        doc = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        throw new CliError('USAGE', `conformance case ${file} is not JSON: ${(err as Error).message}`);
      }
      if (!validate(doc))
        throw new CliError(
          'USAGE',
          `conformance case ${file} is not a valid case: ${JSON.stringify(validate.errors?.[0])}`,
          {
            hint: 'cases follow conformance-case.schema.json; an unknown assertion type is refused, never skipped',
          },
        );
      const c = doc as unknown as ConformanceCase;
      if (c.id !== basename(f, '.json'))
        throw new CliError(
          'USAGE',
          `conformance case ${file} has id '${c.id}'; the id must equal the file name`,
        );
      return c;
    });
}
