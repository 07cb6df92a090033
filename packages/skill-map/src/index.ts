// Public API of @skill-map/cli: the `sm` command line as a function (the bin calls it; tests and embedders can too).
// Node-only pieces (kernel, server) have their own entry points; importing this module loads neither.
export { main, EXIT, type CliIo, type CliStream } from './cli/main.js';
