export { BUILTIN_ACTIONS, nodeBump, nodeSetStability, nodeSetTags } from './builtin.js';
export { loadActionCatalog, type ActionCatalog, type ActionInfo } from './catalog.js';
export { validateInput } from './params.js';
export { runAction, type ActionRequest, type ActionRun } from './run.js';
