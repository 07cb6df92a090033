// `sm activity install|uninstall|status`: registers the activity hook in a host's own hook file, reversibly.
// Install keeps the file's exact original bytes in `.skill-map/activity-hooks.bak` (gitignored by `*.bak`), so an
// uninstall of an untouched file restores it byte for byte (or removes the file and folders install created);
// a file edited since (the host adds permissions there) loses only our entries, in its own layout.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../../adapters/fs/atomic-write.js';
import { EngineError } from '../errors.js';
import type { HookDoc } from './hook-doc.js';
import {
  DEFAULT_STYLE,
  formatHookDoc,
  HookFileInvalid,
  hookStateOf,
  parseHookDoc,
  styleOf,
  withOurHooks,
  withoutOurHooks,
} from './hook-doc.js';
import { ACTIVITY_HOSTS, HOOK_PLANS, hookCommandLine } from './hook-hosts.js';
import type { ActivityHost, HookPlan } from './hook-hosts.js';
import {
  forgetHost,
  missingDirs,
  readBytes,
  readRecord,
  removeCreatedDirs,
  sha,
  writeRecord,
} from './install-record.js';
import { installOpencodePlugin, uninstallOpencodePlugin } from './opencode-plugin.js';

export interface HookChange {
  host: ActivityHost;
  /** Project-relative hook file. */
  file: string;
  outcome: 'installed' | 'updated' | 'up-to-date' | 'removed' | 'not-installed';
  /** How uninstall put the file back: the recorded bytes, the file deleted, or our entries taken out. */
  restore?: 'original-bytes' | 'deleted' | 'entries-removed';
  dryRun: boolean;
  /** The file's text after the change (null: it does not exist then). */
  after: string | null;
  before: string | null;
}

export interface HostHookStatus {
  host: ActivityHost;
  file: string | null;
  state: 'installed' | 'outdated' | 'partial' | 'absent' | 'invalid';
  /** What this host can report (or why it cannot). */
  reports: string;
}

/** What install registers: the node and bin that run `sm activity report` (absolute paths). */
export interface HookInstall {
  host?: string;
  argv: readonly string[];
  dryRun?: boolean;
  /** Epoch ms of this install (default now), recorded as the capture's start when it is the first. */
  now?: number;
}

function planOf(host: string): HookPlan {
  const plan = (HOOK_PLANS as Record<string, HookPlan | undefined>)[host];
  if (plan === undefined) {
    throw new EngineError('invalid-input', `unknown host '${host}' (expected ${ACTIVITY_HOSTS.join(', ')})`, {
      details: { host },
    });
  }
  return plan;
}

function parseOrRefuse(plan: HookPlan, text: string): HookDoc {
  try {
    return parseHookDoc(text);
  } catch (err) {
    if (!(err instanceof HookFileInvalid)) throw err;
    throw new EngineError(
      'hook-file-invalid',
      `${plan.file} cannot be edited: ${err.message}; fix or move it, then run again (nothing was written)`,
      {
        details: { file: plan.file },
      },
    );
  }
}

/** Registers `command` in the host's hook file (idempotent; `dryRun` computes the change and writes nothing). */
export function installActivityHooks(root: string, opts: HookInstall): HookChange {
  const host = opts.host ?? 'claude';
  if (host === 'opencode')
    return installOpencodePlugin(root, opts.argv, opts.dryRun === true, opts.now ?? Date.now());
  const plan = planOf(host);
  const command = hookCommandLine(opts.argv, plan.host);
  const path = join(root, plan.file);
  const bytes = readBytes(path);
  const before = bytes?.toString('utf8') ?? null;
  const doc = before === null ? {} : parseOrRefuse(plan, before);
  const state = hookStateOf(doc, plan, command);
  const dryRun = opts.dryRun === true;
  const base = { host: plan.host, file: plan.file, dryRun, before };
  if (state === 'installed') return { ...base, outcome: 'up-to-date', after: before };
  const after = formatHookDoc(
    withOurHooks(doc, plan, command),
    before === null ? DEFAULT_STYLE : styleOf(before),
  );
  const outcome = state === 'absent' ? 'installed' : 'updated';
  if (dryRun) return { ...base, outcome, after };
  const record = readRecord(root);
  const prior = record.hosts[plan.host];
  const createdDirs = missingDirs(root, plan.file);
  writeFileAtomicSync(path, after);
  // A re-install over our own earlier install keeps the first original: that is what uninstall must give back.
  const keepPrior = prior !== undefined && bytes !== null && sha(bytes) === prior.written;
  // The capture runs since the first install: an update of our own entries keeps that time.
  const installedAt = prior?.installedAt ?? opts.now ?? Date.now();
  record.hosts[plan.host] = keepPrior
    ? { ...prior, written: sha(after), installedAt }
    : {
        file: plan.file,
        original: bytes?.toString('base64') ?? null,
        createdDirs,
        written: sha(after),
        installedAt,
      };
  writeRecord(root, record);
  return { ...base, outcome, after };
}

/** Takes our hooks out of the host's file: the exact original bytes when the file is as install left it. */
export function uninstallActivityHooks(root: string, opts: { host?: string; dryRun?: boolean }): HookChange {
  const host = opts.host ?? 'claude';
  if (host === 'opencode') return uninstallOpencodePlugin(root, opts.dryRun === true);
  const plan = planOf(host);
  const path = join(root, plan.file);
  const bytes = readBytes(path);
  const before = bytes?.toString('utf8') ?? null;
  const dryRun = opts.dryRun === true;
  const record = readRecord(root);
  const rec = record.hosts[plan.host];
  const base = { host: plan.host, file: plan.file, dryRun, before };
  const untouched = rec !== undefined && bytes !== null && sha(bytes) === rec.written;
  let after: string | null;
  let restore: HookChange['restore'];
  if (untouched) {
    after = rec.original === null ? null : Buffer.from(rec.original, 'base64').toString('utf8');
    restore = rec.original === null ? 'deleted' : 'original-bytes';
  } else {
    if (before === null) {
      if (!dryRun) forgetHost(root, record, plan.host);
      return { ...base, outcome: 'not-installed', after: null };
    }
    const doc = parseOrRefuse(plan, before);
    if (hookStateOf(doc, plan, null) === 'absent')
      return { ...base, outcome: 'not-installed', after: before };
    const next = withoutOurHooks(doc, plan.host);
    const emptyCreated = rec !== undefined && rec.original === null && Object.keys(next).length === 0;
    after = emptyCreated ? null : formatHookDoc(next, styleOf(before));
    restore = emptyCreated ? 'deleted' : 'entries-removed';
  }
  if (dryRun) return { ...base, outcome: 'removed', restore, after };
  if (after === null) {
    rmSync(path, { force: true });
    if (rec !== undefined) removeCreatedDirs(root, rec.createdDirs);
  } else if (untouched && rec.original !== null)
    writeFileAtomicSync(path, Buffer.from(rec.original, 'base64'));
  else writeFileAtomicSync(path, after);
  forgetHost(root, record, plan.host);
  return { ...base, outcome: 'removed', restore, after };
}
