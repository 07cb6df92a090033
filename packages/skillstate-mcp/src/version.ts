/** The version of this package, reported as `serverInfo.version` (kept equal to package.json by a unit test). */
export const VERSION = '0.1.0';

/** The name this server reports as `serverInfo.name`. */
export const SERVER_NAME = 'skillstate';
