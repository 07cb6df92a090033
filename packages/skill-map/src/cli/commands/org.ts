import type { Severity } from '@skill-map/spec';
import { createOrgReader } from '../../adapters/postgres/org.js';
import type { OrgReader } from '../../adapters/postgres/org.js';
import { openSyncPg } from '../../adapters/postgres/sync-pg.js';
import { CliError } from '../errors.js';
import { renderIssues, renderTable } from '../render-list.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const SUBCOMMANDS = ['list', 'search', 'uses', 'issues', 'delete'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];
const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info'];

function subcommandOf(ctx: VerbContext): Subcommand {
  const sub = ctx.args[0];
  if (sub === undefined || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw new CliError(
      'USAGE',
      sub === undefined ? '`sm org` needs a subcommand' : `unknown \`sm org\` subcommand '${sub}'`,
      { hint: `one of: ${SUBCOMMANDS.join(', ')} (sm help org)` },
    );
  }
  return sub as Subcommand;
}

function argument(ctx: VerbContext, sub: Subcommand, what: string): string {
  const value = ctx.args[1];
  if (value === undefined || value.trim() === '') {
    throw new CliError('USAGE', `\`sm org ${sub}\` needs ${what}`, { hint: `sm org ${sub} <${what}>` });
  }
  return value;
}

function severityOf(ctx: VerbContext): Severity {
  const raw = ctx.options['severity'];
  if (raw === undefined) return 'error';
  if (typeof raw === 'string' && (SEVERITIES as readonly string[]).includes(raw)) return raw as Severity;
  throw new CliError('USAGE', `--severity ${String(raw)} is not a severity`, { hint: 'error, warn or info' });
}

/**
 * `sm org`: reads across every project of the shared PostgreSQL database named by --db / SKILL_MAP_DB (list,
 * search, uses, issues), or deletes one project's rows (delete, with --yes). `issues` exits 1 when it lists any.
 */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = subcommandOf(ctx);
  const url = ctx.project.server;
  if (url === undefined) {
    throw new CliError('USAGE', '`sm org` reads a shared PostgreSQL database, and none was named', {
      hint: 'pass --db postgres://user@host/db or set SKILL_MAP_DB (the password from PGPASSWORD or ~/.pgpass)',
    });
  }
  if (sub !== 'list' && sub !== 'issues')
    argument(ctx, sub, sub === 'delete' ? 'project-id' : sub === 'uses' ? 'target' : 'name');
  else if (ctx.args.length > 1) throw new CliError('USAGE', `\`sm org ${sub}\` takes no argument`);
  if (sub === 'delete' && ctx.options['yes'] !== true) {
    throw new CliError('USAGE', '`sm org delete` removes every row of that project: confirm with --yes');
  }
  const severity = severityOf(ctx);
  const pg = openSyncPg(url);
  try {
    return Promise.resolve(answer(ctx, sub, createOrgReader(pg), severity));
  } finally {
    pg.close();
  }
}

function answer(ctx: VerbContext, sub: Subcommand, org: OrgReader, severity: Severity): VerbResult {
  const { output } = ctx;
  const json = (value: object): void => output.json({ elapsedMs: elapsedMs(ctx), ...value });
  const arg = ctx.args[1] ?? '';
  switch (sub) {
    case 'list': {
      const projects = org.projects();
      if (output.jsonMode) json({ projects });
      else if (projects.length === 0)
        output.summary('no project in this database yet: `sm scan --db <url>` adds one');
      else
        output.out(
          renderTable([
            ['project', 'id', 'nodes', 'errors', 'warnings', 'queued', 'running'],
            ...projects.map((p) => [
              p.label,
              p.projectId,
              String(p.nodes),
              String(p.issues.error),
              String(p.issues.warn),
              String(p.jobs.queued),
              String(p.jobs.running),
            ]),
          ]).join('\n'),
        );
      return { failing: false };
    }
    case 'search': {
      const hits = org.findByName(arg);
      if (output.jsonMode) json({ name: arg, hits });
      else if (hits.length === 0) output.summary(`no project defines '${arg}'`);
      else output.out(renderTable(hits.map((h) => [h.label, h.kind, h.path])).join('\n'));
      return { failing: false };
    }
    case 'uses': {
      const uses = org.usesOf(arg);
      if (output.jsonMode) json({ target: arg, uses });
      else if (uses.length === 0) output.summary(`no project links to '${arg}'`);
      else
        output.out(
          renderTable(uses.map((u) => [u.label, u.sourceKind ?? '-', u.source, u.linkKind])).join('\n'),
        );
      return { failing: false };
    }
    case 'issues': {
      const rows = org.issues(severity);
      if (output.jsonMode) json({ severity, issues: rows });
      else if (rows.length === 0) output.summary(`no issue at ${severity} or worse in any project`);
      else {
        const labels = [...new Set(rows.map((r) => r.label))];
        for (const label of labels) {
          output.out(output.paint('bold', label));
          const own = rows.filter((r) => r.label === label).map((r) => r.issue);
          output.out(
            renderIssues(output, own)
              .map((line) => `  ${line}`)
              .join('\n'),
          );
        }
      }
      return { failing: rows.length > 0 };
    }
    case 'delete': {
      const removed = org.deleteProject(arg);
      if (removed === 0) {
        throw new CliError('NOT_FOUND', `no project '${arg}' in this database`, {
          hint: '`sm org list` shows the ids',
        });
      }
      if (output.jsonMode) json({ projectId: arg, rowsRemoved: removed });
      else output.summary(`deleted project ${arg}: ${removed} rows`);
      return { failing: false };
    }
  }
}
