// The CLI's "did you mean" helpers are the kernel's (a small pure module; `sm version` stays light).
export { editDistance, suggest } from '../kernel/util/suggest.js';
