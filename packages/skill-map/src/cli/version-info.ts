import { readFileSync } from 'node:fs';

function readPackageVersion(): string {
  try {
    // Same relative path from src/cli (tests) and dist/cli (the bin): ../../package.json.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The `@skill-map/cli` version (the implVersion stamped into scans, serve.json and MCP serverInfo). */
export const CLI_VERSION: string = readPackageVersion();

/** The package name the version belongs to. */
export const CLI_PACKAGE = '@skill-map/cli';
