// The live graph: a project's scan held in memory with an editor's unsaved buffers overlaid (`sm lsp`).
export { createLiveGraph, type LiveChange, type LiveGraph, type LiveGraphOptions } from './live-graph.js';
