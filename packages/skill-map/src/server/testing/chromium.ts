import { existsSync } from 'node:fs';

/**
 * The Chromium the browser suites drive through playwright-core: CHROMIUM_PATH, else the usual Debian paths.
 * Never a downloaded browser. Undefined when none is installed (the suites are then skipped, and `npm test`
 * names them on its `not run:` line).
 */
export const chromiumPath: string | undefined = [
  process.env['CHROMIUM_PATH'],
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]
  .filter((p): p is string => p !== undefined && p !== '')
  .find((p) => existsSync(p));
