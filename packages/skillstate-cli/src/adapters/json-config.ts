import { isPlainObject, jsonEqual } from '@skillstate/core';
import { applyEdits, modify, parse, printParseErrorCode } from 'jsonc-parser';
import type { FormattingOptions, JSONPath, ParseError } from 'jsonc-parser';
import { CliError } from '../errors.js';

/** How strictly a config file is read: plain JSON, or JSON with comments and trailing commas. */
export type JsonDialect = 'json' | 'jsonc';

/** The result of adding (or confirming) our entry in a config file's text. */
export interface AddResult {
  text: string;
  outcome: 'added' | 'replaced' | 'unchanged';
  /** True when the container holding our entry (e.g. `mcpServers`) did not exist and was created with it. */
  createdParent: boolean;
}

/** The result of taking our entry out of a config file's text. */
export interface RemoveResult {
  text: string;
  outcome: 'removed' | 'absent';
  /** True when nothing is left in the file but an empty top-level object (or nothing at all). */
  empty: boolean;
}

function parseErrorText(text: string, errors: ParseError[]): string {
  const first = errors[0];
  if (first === undefined) return 'not valid JSON';
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  return `${printParseErrorCode(first.error)} at line ${line}, column ${column}`;
}

/**
 * Parses a config file's text into its top-level object. Empty text counts as `{}`. Anything that is not
 * an object, or not valid in the dialect, throws INVALID_CONFIG naming the file.
 */
export function readJsonObject(text: string, dialect: JsonDialect, file: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  if (dialect === 'json') {
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new CliError(
        'INVALID_CONFIG',
        `${file} is not valid JSON (${(err as Error).message}); fix it and re-run`,
        {
          data: { file },
          cause: err,
        },
      );
    }
  } else {
    const errors: ParseError[] = [];
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (errors.length > 0) {
      throw new CliError(
        'INVALID_CONFIG',
        `${file} is not valid JSONC (${parseErrorText(text, errors)}); fix it and re-run`,
        {
          data: { file },
        },
      );
    }
  }
  if (!isPlainObject(value)) {
    throw new CliError('INVALID_CONFIG', `${file} must hold a JSON object at the top level`, {
      data: { file },
    });
  }
  return value;
}

/** Copies the file's own indentation and line ending, so inserted lines look like their neighbours. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent === undefined ? 2 : indent.length, eol };
}

function edit(text: string, path: JSONPath, value: unknown): string {
  const formattingOptions = detectFormatting(text);
  return applyEdits(text, modify(text, path, value, { formattingOptions }));
}

function containerAt(
  root: Record<string, unknown>,
  parentKey: string,
  file: string,
): Record<string, unknown> | undefined {
  const parent = root[parentKey];
  if (parent === undefined) return undefined;
  if (!isPlainObject(parent)) {
    throw new CliError('INVALID_CONFIG', `"${parentKey}" in ${file} is not an object; fix it and re-run`, {
      data: { file, key: parentKey },
    });
  }
  return parent;
}

/**
 * Puts `entry` at `parentKey.name` in a JSON(C) config text, keeping every other byte (comments included).
 * `undefined` text means the file does not exist yet. An equal entry leaves the text as it is.
 */
export function upsertJsonEntry(
  text: string | undefined,
  dialect: JsonDialect,
  parentKey: string,
  name: string,
  entry: unknown,
  file: string,
): AddResult {
  if (text === undefined || text.trim() === '') {
    const fresh = `${JSON.stringify({ [parentKey]: { [name]: entry } }, null, 2)}\n`;
    return { text: fresh, outcome: 'added', createdParent: true };
  }
  const root = readJsonObject(text, dialect, file);
  const parent = containerAt(root, parentKey, file);
  const current = parent?.[name];
  if (current !== undefined && jsonEqual(current, entry))
    return { text, outcome: 'unchanged', createdParent: false };
  const next = edit(text, [parentKey, name], entry);
  return {
    text: next,
    outcome: current === undefined ? 'added' : 'replaced',
    createdParent: parent === undefined,
  };
}

/**
 * Takes `parentKey.name` out of a JSON(C) config text. With `removeEmptyParent`, a container left empty is
 * removed too (we created it). Returns the text unchanged when the entry is not there.
 */
export function removeJsonEntry(
  text: string,
  dialect: JsonDialect,
  parentKey: string,
  name: string,
  file: string,
  removeEmptyParent: boolean,
): RemoveResult {
  const root = readJsonObject(text, dialect, file);
  const parent = containerAt(root, parentKey, file);
  if (parent?.[name] === undefined) return { text, outcome: 'absent', empty: Object.keys(root).length === 0 };
  let next = edit(text, [parentKey, name], undefined);
  const remaining = Object.keys(parent).filter((k) => k !== name);
  let rootKeys = Object.keys(root).length;
  if (removeEmptyParent && remaining.length === 0) {
    next = edit(next, [parentKey], undefined);
    rootKeys -= 1;
  }
  return { text: next, outcome: 'removed', empty: rootKeys === 0 };
}
