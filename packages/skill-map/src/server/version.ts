/** The `@skill-map/cli` package version (the CLI implVersion unless the caller passes its own). */
export { PACKAGE_VERSION } from '../version.js';
