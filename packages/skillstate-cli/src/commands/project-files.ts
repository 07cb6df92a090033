import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CURRENT_STATE_VERSION,
  GENERIC_PROCEDURE_SPEC,
  PROJECT_SPEC_NAME,
  jsonEqual,
  readSpecFile,
} from '@skillstate/core';
import type { SkillSpec } from '@skillstate/core';
import type { CliContext } from '../context.js';
import { readBytes, sha256 } from '../file-ops.js';
import type { FileRecord } from '../manifest.js';
import { planWrite, recordKey } from '../plan-write.js';
import type { PlanScope, PlannedWrite } from '../plan-write.js';
import { SKILL_RELATIVE_PATH, SKILL_TEXT } from '../skill-text.js';

/**
 * The `.gitignore` `init` writes in the state directory: nothing in it is committed but this file. The state
 * is the agent's working memory of this working copy; locks, temp files, sidecars, baselines and the install
 * manifest only make sense on this machine.
 */
export const STATE_DIR_GITIGNORE = `# Written by \`skillstate init\`. What skillstate keeps here belongs to this working copy:
# the task state and its checkpoints, the session record, locks, temporary files and the
# install manifest. None of it is committed. To share a task state on purpose, un-ignore it
# below, for example:
#   !skillstate.json
*
!.gitignore
`;

/** The state file `init` creates: the envelope with an empty state, pretty, with a final newline. */
export const INITIAL_STATE_TEXT = `${JSON.stringify({ version: CURRENT_STATE_VERSION, state: {} }, null, 2)}\n`;

type PrevFiles = Readonly<Record<string, FileRecord>>;

/** Creates the state file when absent; an existing state is never touched, nor read. */
export function planStateFile(statePath: string, ps: PlanScope, prevFiles: PrevFiles): PlannedWrite {
  const key = recordKey(statePath, ps);
  const prev = prevFiles[key];
  if (statSync(statePath, { throwIfNoEntry: false }) !== undefined) {
    return prev === undefined ? { key } : { key, record: prev };
  }
  const before = undefined;
  return planWrite(
    { abs: statePath, kind: 'state', before, after: INITIAL_STATE_TEXT, verb: 'create', detail: '' },
    ps,
  );
}

/**
 * Creates the state directory's `.gitignore` when absent. One that exists is never replaced: if it is not
 * exactly ours, it is the user's own (`readBytes` refuses a link to a device or an oversized file by name).
 */
export function planIgnoreFile(stateDir: string, ps: PlanScope, prevFiles: PrevFiles): PlannedWrite {
  const abs = join(stateDir, '.gitignore');
  const before = readBytes(abs);
  const key = recordKey(abs, ps);
  const prev = prevFiles[key];
  const ours: FileRecord = { kind: 'ignore', action: 'created', writtenSha256: sha256(STATE_DIR_GITIGNORE) };
  if (before !== undefined && sha256(before) !== ours.writtenSha256) {
    return prev === undefined ? { key } : { key, record: prev };
  }
  return planWrite(
    { abs, kind: 'ignore', before, after: STATE_DIR_GITIGNORE, adopt: ours, verb: 'create', detail: '' },
    ps,
  );
}

function specText(spec: SkillSpec): string {
  return `${JSON.stringify(spec, null, 2)}\n`;
}

/**
 * Creates `skill-spec.json` when absent, from `--spec` or the generic procedure spec. An existing file is
 * kept; init warns when it differs from `--spec` or is not a spec the server can load.
 */
export function planSpecFile(
  ctx: CliContext,
  spec: { value: SkillSpec; from: string } | undefined,
  ps: PlanScope,
  prevFiles: PrevFiles,
): PlannedWrite {
  const abs = join(ctx.cwd, PROJECT_SPEC_NAME);
  const before = readBytes(abs);
  const key = recordKey(abs, ps);
  if (before === undefined) {
    const value = spec?.value ?? GENERIC_PROCEDURE_SPEC;
    const detail = spec === undefined ? ' (the generic procedure spec)' : ` (from ${spec.from})`;
    return planWrite({ abs, kind: 'spec', before, after: specText(value), verb: 'create', detail }, ps);
  }
  try {
    const existing = readSpecFile(abs);
    if (spec !== undefined && !jsonEqual(existing, spec.value)) {
      ctx.err(
        `warning: kept the existing ${PROJECT_SPEC_NAME}, which differs from ${spec.from}; delete it to use ${spec.from}`,
      );
    }
  } catch (err) {
    ctx.err(
      `warning: ${(err as Error).message}; the skillstate server will refuse to start until it is fixed`,
    );
  }
  const prev = prevFiles[key];
  return prev === undefined ? { key } : { key, record: prev };
}

/**
 * Writes the agent skill. An existing file is only replaced when it is a skill text this tool wrote and
 * nobody edited since; a file someone else wrote or edited is left alone.
 */
export function planSkillFile(ctx: CliContext, ps: PlanScope, prevFiles: PrevFiles): PlannedWrite {
  const abs = join(ctx.cwd, SKILL_RELATIVE_PATH);
  const before = readBytes(abs);
  const key = recordKey(abs, ps);
  const prev = prevFiles[key];
  const ours: FileRecord = { kind: 'skill', action: 'created', writtenSha256: sha256(SKILL_TEXT) };
  if (before !== undefined && sha256(before) !== ours.writtenSha256) {
    if (prev === undefined || sha256(before) !== prev.writtenSha256) {
      ctx.err(`warning: kept ${ps.display(abs)}, which was written or edited by someone else`);
      return prev === undefined ? { key } : { key, record: prev };
    }
  }
  return planWrite(
    {
      abs,
      kind: 'skill',
      before,
      after: SKILL_TEXT,
      ...(prev === undefined ? {} : { prev }),
      adopt: ours,
      verb: 'update',
      detail: '',
    },
    ps,
  );
}
