import { isPlainObject } from './json.js';

/** Which top-level keys a write added, updated or deleted. */
export interface ChangeReport {
  added: string[];
  updated: string[];
  deleted: string[];
}

/** Compares two states key by key at the top level (values by their JSON text). */
export function topChanges(before: Record<string, unknown>, after: Record<string, unknown>): ChangeReport {
  const report: ChangeReport = { added: [], updated: [], deleted: [] };
  for (const key of Object.keys(after)) {
    if (!Object.prototype.hasOwnProperty.call(before, key)) report.added.push(key);
    else if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) report.updated.push(key);
  }
  for (const key of Object.keys(before)) {
    if (!Object.prototype.hasOwnProperty.call(after, key)) report.deleted.push(key);
  }
  return report;
}

/** One warning per top-level patch object that was merged into an existing object instead of replacing it. */
export function nestedMergeWarnings(
  before: Record<string, unknown>,
  patch: Record<string, unknown>,
): string[] {
  const warnings: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (isPlainObject(value) && isPlainObject(before[key])) {
      warnings.push(
        `nested merge under '${key}': the patch object was merged into the existing object (set nested keys to null to delete them)`,
      );
    }
  }
  return warnings;
}
