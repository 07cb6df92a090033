import { PACKAGE_VERSION } from '../version.js';

/** The `@skill-map/cli` version (the implVersion stamped into scans, serve.json and MCP serverInfo). */
export const CLI_VERSION: string = PACKAGE_VERSION;

/** The package name the version belongs to. */
export const CLI_PACKAGE = '@skill-map/cli';
