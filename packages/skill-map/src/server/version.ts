import { readFileSync } from 'node:fs';

function readPackageVersion(): string {
  try {
    // Same relative path from src/server (tests) and dist/server (built): ../../package.json.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The `@skill-map/cli` package version (the CLI implVersion unless the caller passes its own). */
export const PACKAGE_VERSION: string = readPackageVersion();
