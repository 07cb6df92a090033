/** What a stored agent directory name must look like. */
export const AGENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** What a checkpoint id given to rollback must look like. */
export const CHECKPOINT_ID_PATTERN = /^[A-Za-z0-9._-]+$/;

function slug(raw: string): string {
  return raw
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

/** Sanitises an agent id: runs of other characters become `-`, dashes trimmed, at most 64 characters. */
export function sanitizeAgentId(raw: string): string {
  return slug(raw);
}

/** Sanitises a checkpoint label the same way, falling back to `checkpoint` when nothing is left. */
export function sanitizeCheckpointLabel(raw: string): string {
  return slug(raw) || 'checkpoint';
}

/** The id of a checkpoint: `<seq>-<label>`. */
export function checkpointId(seq: number, label: string): string {
  return `${seq}-${label}`;
}
