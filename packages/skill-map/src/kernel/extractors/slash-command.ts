import { mayBeTriggerPrefix, SigilMatcher, type Extractor } from './extractor.js';
import { TRIGGER_NAME, TRIGGER_PREFIX, triggerLink } from './trigger.js';

const SLASH = new SigilMatcher(
  `${TRIGGER_PREFIX}(\\/${TRIGGER_NAME})(?![\\w/-]|\\.\\w|:\\w)`,
  '/',
  mayBeTriggerPrefix,
);

/** Top-level system directories: `/tmp` or `/etc` in prose is a path, never a command. */
export const SYSTEM_DIRS = new Set([
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'mnt',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'srv',
  'sys',
  'tmp',
  'usr',
  'var',
  'workspace',
  'Users',
  'Volumes',
]);

/** Lenses whose runtime invokes commands/skills with `/name`. */
export const SLASH_LENSES = ['claude', 'antigravity', 'opencode', 'cursor'] as const;

/** `core/slash-command`: `/name` in prose → `invokes` (paths such as `/tmp/x` or `/etc/hosts` are not triggers). */
export const slashCommandExtractor: Extractor = {
  id: 'core/slash-command',
  gate: SLASH_LENSES,
  emitConfidence: 0.8,
  emits: { kind: 'invokes', pathStyle: false },
  extract(input, sink) {
    const prose = input.prose;
    SLASH.reset();
    for (let m = SLASH.next(prose); m !== null; m = SLASH.next(prose)) {
      if (!SYSTEM_DIRS.has(m[2]!.slice(1)))
        sink.link(triggerLink(m[2]!, 'invokes', m.index + m[1]!.length, null));
    }
  },
};
