import { readFileSync } from 'node:fs';

/**
 * Reads this package's version from its package.json, looking up from the running module: src/ (tests), dist/
 * (tsc output) and dist/bundle/ (the bundled bin) sit at different depths below it.
 */
function readPackageVersion(): string {
  for (const rel of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === '@skill-map/cli' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Not at this depth: look one level further up.
    }
  }
  return '0.0.0';
}

/** The `@skill-map/cli` package version (the CLI implVersion unless the caller passes its own). */
export const PACKAGE_VERSION: string = readPackageVersion();
