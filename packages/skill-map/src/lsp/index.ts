// `sm lsp`: the Language Server Protocol door over the live graph (engines/live), the kernel and the fix engine.
export { serveLsp, type LspServer, type LspServerOptions } from './serve-lsp.js';
