import type { SkillSpec } from '../spec.js';

/** The InterCode CTF procedure: find a flag with bash inside a container. */
export const INTERCODE_CTF_SPEC: SkillSpec = {
  id: 'intercode-ctf',
  name: 'InterCode CTF Agent',
  version: '1.0.0',
  instructions:
    'You are solving a capture-the-flag task from a bash shell inside a Docker container. Explore the files ' +
    'you are given, test one hypothesis at a time, and report the flag in the form flag{...} once found.',
  schema: {
    discovered_flags: { type: 'array', default: [], description: 'Flags found so far, verbatim.' },
    tested_hypotheses: {
      type: 'array',
      default: [],
      description: 'Hypotheses already tried and their outcome.',
    },
    active_files: { type: 'array', default: [], description: 'Files currently under inspection.' },
    working_dir: { type: 'string', default: '/', description: 'The directory commands run in.' },
    cmd_summary: { type: 'string', default: '', description: 'What the last commands showed, in brief.' },
  },
};

/** A general long procedure: a goal, what is done, what is next, what was produced, what blocks. */
export const GENERIC_PROCEDURE_SPEC: SkillSpec = {
  id: 'generic-procedure',
  name: 'State-based Execution',
  version: '1.0.0',
  instructions:
    'This procedure keeps its working state in six fields: goal, progress, next_steps, artifacts, blockers ' +
    'and notes. Read it with state.summary or state.get, and change it with state.patch, passing only the ' +
    'fields that changed in the `patch` argument. Arrays are replaced whole, so send the complete list. ' +
    'Setting a field to null means it no longer applies.',
  schema: {
    goal: { type: 'string', default: '', description: 'What the procedure is trying to achieve.' },
    progress: { type: 'array', default: [], description: 'Milestones already completed.' },
    next_steps: { type: 'array', default: [], description: 'The next actions, most urgent first.' },
    artifacts: { type: 'array', default: [], description: 'Files or outputs produced so far.' },
    blockers: { type: 'array', default: [], description: 'What currently prevents progress.' },
    notes: { type: 'string', default: '', description: 'Working notes worth keeping between steps.' },
  },
};
