import { relative } from 'node:path';
import type { ConfigFormat } from './adapters/host-configs.js';
import { backupPathFor, sha256 } from './file-ops.js';
import type { FileChange } from './file-ops.js';
import type { HostName } from './hosts.js';
import type { FileKind, FileRecord, ManifestScope } from './manifest.js';

/** Where a plan lives: paths are recorded relative to `base` (project) or absolute (machine). */
export interface PlanScope {
  scope: ManifestScope;
  base: string;
  now: Date;
  /** How a path is shown in messages. */
  display: (abs: string) => string;
  /** Backup names already handed out in this run. */
  backupsTaken: Set<string>;
}

/** The manifest key of a path in this scope. */
export function recordKey(abs: string, ps: PlanScope): string {
  return ps.scope === 'machine' ? abs : relative(ps.base, abs);
}

/** A file write to plan, with what we know about the file. */
export interface WriteRequest {
  abs: string;
  kind: FileKind;
  host?: HostName;
  format?: ConfigFormat;
  before: Buffer | undefined;
  after: string;
  /** The record a previous run left for this file. */
  prev?: FileRecord;
  /** The record to keep when the file already holds exactly our content but no record exists. */
  adopt?: FileRecord;
  createdParent?: boolean;
  verb: FileChange['verb'];
  detail: string;
}

/** A planned write: the change (none when the bytes are already right) and the file's new record. */
export interface PlannedWrite {
  key: string;
  change?: FileChange;
  record?: FileRecord;
}

function nextRecord(req: WriteRequest, backupKey: string | undefined): FileRecord {
  const { prev, before } = req;
  const written = sha256(req.after);
  const base: FileRecord = { kind: req.kind, action: 'created', writtenSha256: written };
  if (req.host !== undefined) base.host = req.host;
  if (req.format !== undefined) base.format = req.format;
  if (before === undefined) return req.createdParent === true ? { ...base, createdParent: true } : base;
  if (prev !== undefined && sha256(before) === prev.writtenSha256) {
    // The file is as we left it: the first backup still restores the original bytes.
    return { ...prev, writtenSha256: written };
  }
  if (prev !== undefined) {
    // Changed by someone else since our last write: an exact restore is no longer possible.
    const rec: FileRecord = { ...prev, writtenSha256: written };
    delete rec.originalSha256;
    if (backupKey !== undefined) rec.backupPath = backupKey;
    if (req.createdParent === true) rec.createdParent = true;
    return rec;
  }
  const rec: FileRecord = { ...base, action: 'edited', originalSha256: sha256(before) };
  if (backupKey !== undefined) rec.backupPath = backupKey;
  if (req.createdParent === true) rec.createdParent = true;
  return rec;
}

/** Plans one write. Unchanged bytes plan nothing; every real edit of an existing file gets a backup. */
export function planWrite(req: WriteRequest, ps: PlanScope): PlannedWrite {
  const key = recordKey(req.abs, ps);
  if (req.before !== undefined && req.before.equals(Buffer.from(req.after, 'utf8'))) {
    const record = req.prev ?? req.adopt;
    return record === undefined ? { key } : { key, record };
  }
  const change: FileChange = {
    abs: req.abs,
    display: ps.display(req.abs),
    before: req.before,
    after: req.after,
    verb: req.before === undefined ? 'create' : req.verb,
    detail: req.detail,
  };
  let backupKey: string | undefined;
  if (req.before !== undefined) {
    change.backupAbs = backupPathFor(req.abs, ps.now, ps.backupsTaken);
    ps.backupsTaken.add(change.backupAbs);
    change.backupDisplay = ps.display(change.backupAbs);
    backupKey = recordKey(change.backupAbs, ps);
  }
  return { key, change, record: nextRecord(req, backupKey) };
}
