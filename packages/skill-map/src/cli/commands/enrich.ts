// `sm enrich <node> | --stale`: the reference's name for `sm refresh` (see refresh.ts), with its own report kind.
import { runFor } from './refresh.js';

export const run = runFor('enrich');
