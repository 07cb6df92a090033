import { isDeepStrictEqual } from 'node:util';
import { isPlainObject, jsonEqual } from '@skillstate/core';
import { parse } from 'smol-toml';
import { CliError } from '../errors.js';
import type { ServerCommand } from '../server-command.js';
import type { AddResult, RemoveResult } from './json-config.js';
import { detectEol, findTableSpan, tomlString } from './toml-text.js';

const TABLE = ['mcp_servers', 'skillstate'] as const;

/** The value of `[mcp_servers.skillstate]` that registers the server with Codex. */
export function codexEntry(server: ServerCommand): Record<string, unknown> {
  return { command: server.command, args: server.args, enabled: true };
}

/** The exact text of our table, as appended to or spliced into `config.toml`. */
export function renderCodexTable(server: ServerCommand, eol = '\n'): string {
  return [
    '[mcp_servers.skillstate]',
    `command = ${tomlString(server.command)}`,
    `args = [${server.args.map(tomlString).join(', ')}]`,
    'enabled = true',
    '',
  ].join(eol);
}

/** Parses TOML text; invalid TOML throws INVALID_CONFIG naming the file. */
export function readToml(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text);
  } catch (err) {
    const detail = (err as Error).message.split('\n')[0] ?? '';
    throw new CliError('INVALID_CONFIG', `${file} is not valid TOML (${detail}); fix it and re-run`, {
      data: { file },
      cause: err,
    });
  }
}

function serversOf(doc: Record<string, unknown>, file: string): Record<string, unknown> | undefined {
  const servers = doc['mcp_servers'];
  if (servers === undefined) return undefined;
  if (!isPlainObject(servers)) {
    throw new CliError('INVALID_CONFIG', `mcp_servers in ${file} is not a table; fix it and re-run`, {
      data: { file },
    });
  }
  return servers;
}

/** Everything in a parsed config except our entry; used to prove an edit touched nothing else. */
function othersOf(doc: Record<string, unknown>, file: string): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...doc };
  const servers = serversOf(doc, file);
  delete rest['mcp_servers'];
  const otherServers = { ...servers };
  delete otherServers['skillstate'];
  if (Object.keys(otherServers).length > 0) rest['mcp_servers'] = otherServers;
  return rest;
}

function assertOthersKept(
  before: Record<string, unknown>,
  afterText: string,
  file: string,
): Record<string, unknown> {
  let after: Record<string, unknown>;
  try {
    after = parse(afterText);
  } catch (err) {
    throw refuse(
      file,
      `the edited text would not be valid TOML (${(err as Error).message.split('\n')[0] ?? ''})`,
    );
  }
  if (!isDeepStrictEqual(othersOf(before, file), othersOf(after, file))) {
    throw refuse(file, 'the edit would change other tables');
  }
  return after;
}

function refuse(file: string, why: string): CliError {
  return new CliError(
    'INVALID_CONFIG',
    `refusing to edit ${file}: ${why}; edit [mcp_servers.skillstate] by hand or remove it, then re-run`,
    { data: { file } },
  );
}

function spanOrRefuse(text: string, file: string): { start: number; end: number } {
  const span = findTableSpan(text, TABLE);
  if (span === undefined)
    throw refuse(file, 'mcp_servers.skillstate is not written as a [mcp_servers.skillstate] table');
  return span;
}

/**
 * Registers the server in a Codex `config.toml` text: appends our table, or replaces our own table's text
 * when it differs. Other tables, comments and layout are untouched, which is checked by re-parsing.
 */
export function upsertCodexEntry(text: string | undefined, server: ServerCommand, file: string): AddResult {
  const source = text ?? '';
  const before = readToml(source, file);
  const current = serversOf(before, file)?.['skillstate'];
  const entry = codexEntry(server);
  if (current !== undefined && jsonEqual(current, entry))
    return { text: source, outcome: 'unchanged', createdParent: false };
  const eol = detectEol(source);
  const table = renderCodexTable(server, eol);
  let next: string;
  if (current === undefined) {
    let base = source;
    if (base !== '' && !base.endsWith('\n')) base += eol;
    if (base.trim() !== '') base += eol;
    next = base + table;
  } else {
    const span = spanOrRefuse(source, file);
    next = source.slice(0, span.start) + table + source.slice(span.end);
  }
  const after = assertOthersKept(before, next, file);
  if (!jsonEqual(serversOf(after, file)?.['skillstate'], entry))
    throw refuse(file, 'our table would not read back');
  return { text: next, outcome: current === undefined ? 'added' : 'replaced', createdParent: false };
}

/** Takes our table out of a Codex `config.toml` text, undoing the blank line that appending added. */
export function removeCodexEntry(text: string, file: string): RemoveResult {
  const before = readToml(text, file);
  if (serversOf(before, file)?.['skillstate'] === undefined) {
    return { text, outcome: 'absent', empty: text.trim() === '' };
  }
  const eol = detectEol(text);
  const span = spanOrRefuse(text, file);
  let prefix = text.slice(0, span.start);
  let suffix = text.slice(span.end);
  const blankBefore = prefix.endsWith(eol + eol);
  if (blankBefore && suffix.trim() === '') prefix = prefix.slice(0, -eol.length);
  else if ((blankBefore || prefix === '') && suffix.startsWith(eol)) suffix = suffix.slice(eol.length);
  const next = prefix + suffix;
  const after = assertOthersKept(before, next, file);
  if (serversOf(after, file)?.['skillstate'] !== undefined)
    throw refuse(file, 'our table would still be there');
  return { text: next, outcome: 'removed', empty: next.trim() === '' };
}
