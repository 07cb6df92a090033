// The pure half of `sm activity install|uninstall`: a host's hook file as a JSON document, with our entries
// added, removed or inspected, and written back in the file's own layout. No I/O.
import type { ActivityHost, HookPlan } from './hook-hosts.js';
import { isOurCommand } from './hook-hosts.js';

export type HookDoc = Record<string, unknown>;

/** How a file is laid out, so a rewrite changes only what it must. */
export interface TextStyle {
  indent: string;
  eol: '\n' | '\r\n';
  finalNewline: boolean;
}

export const DEFAULT_STYLE: TextStyle = { indent: '  ', eol: '\n', finalNewline: true };

/** Why a hook file cannot be edited (it is never rewritten then). */
export class HookFileInvalid extends Error {}

type Group = { matcher?: unknown; hooks?: unknown } & Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a hook file; throws {@link HookFileInvalid} when it is not a JSON object with a well-formed `hooks`. */
export function parseHookDoc(text: string): HookDoc {
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    throw new HookFileInvalid(`it is not valid JSON (${(err as Error).message})`);
  }
  if (!isObject(doc)) throw new HookFileInvalid('its top level is not a JSON object');
  const hooks = doc['hooks'];
  if (hooks === undefined) return doc;
  if (!isObject(hooks)) throw new HookFileInvalid('its "hooks" is not an object');
  for (const [event, groups] of Object.entries(hooks))
    if (!Array.isArray(groups)) throw new HookFileInvalid(`its "hooks.${event}" is not an array`);
  return doc;
}

/** The layout of an existing file (indent of the first indented line, line ending, final newline). */
export function styleOf(text: string): TextStyle {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? DEFAULT_STYLE.indent;
  return { indent, eol: text.includes('\r\n') ? '\r\n' : '\n', finalNewline: /\n$/.test(text) };
}

/** A document as text in a layout (JSON.stringify's, which is how the hosts and most editors write them). */
export function formatHookDoc(doc: HookDoc, style: TextStyle): string {
  let text = JSON.stringify(doc, null, style.indent);
  if (style.eol === '\r\n') text = text.replace(/\n/g, '\r\n');
  return style.finalNewline ? `${text}${style.eol}` : text;
}

function ourHandler(plan: HookPlan, command: string): Record<string, unknown> {
  return { type: 'command', command, timeout: plan.timeout };
}

/** `doc` without our handlers for `host`; groups, event lists and `hooks` that only held ours go too. */
export function withoutOurHooks(doc: HookDoc, host: ActivityHost): HookDoc {
  const hooks = doc['hooks'];
  if (!isObject(hooks)) return doc;
  const nextHooks: Record<string, unknown> = {};
  let touched = false;
  for (const [event, groups] of Object.entries(hooks)) {
    const kept: unknown[] = [];
    let removedHere = false;
    for (const group of groups as unknown[]) {
      const handlers = isObject(group) ? (group as Group).hooks : undefined;
      if (
        !Array.isArray(handlers) ||
        !handlers.some((h) => isObject(h) && isOurCommand(h['command'], host))
      ) {
        kept.push(group);
        continue;
      }
      removedHere = true;
      const rest = handlers.filter((h) => !(isObject(h) && isOurCommand(h['command'], host)));
      if (rest.length > 0) kept.push({ ...(group as Group), hooks: rest });
    }
    touched ||= removedHere;
    if (!removedHere || kept.length > 0) nextHooks[event] = kept;
  }
  if (!touched) return doc;
  const next: HookDoc = { ...doc, hooks: nextHooks };
  if (Object.keys(nextHooks).length === 0) delete next['hooks'];
  return next;
}

/** `doc` with exactly one group of ours per slot of the plan (a stale copy of ours is replaced, in place order). */
export function withOurHooks(doc: HookDoc, plan: HookPlan, command: string): HookDoc {
  const base = withoutOurHooks(doc, plan.host);
  const hooks: Record<string, unknown> = { ...(isObject(base['hooks']) ? base['hooks'] : {}) };
  for (const slot of plan.slots) {
    const group: Record<string, unknown> = slot.matcher === undefined ? {} : { matcher: slot.matcher };
    group['hooks'] = [ourHandler(plan, command)];
    hooks[slot.event] = [...((hooks[slot.event] as unknown[] | undefined) ?? []), group];
  }
  return { ...base, hooks };
}

/** Whether the plan's hooks are in a document: all slots with this command, some with another, some, or none. */
export function hookStateOf(
  doc: HookDoc,
  plan: HookPlan,
  command: string | null,
): 'installed' | 'outdated' | 'partial' | 'absent' {
  const hooks = isObject(doc['hooks']) ? doc['hooks'] : {};
  let present = 0;
  let current = 0;
  for (const slot of plan.slots) {
    const groups = hooks[slot.event];
    if (!Array.isArray(groups)) continue;
    const ours = groups
      .filter((g) => isObject(g) && (g as Group).matcher === slot.matcher)
      .flatMap((g) => ((g as Group).hooks as unknown[] | undefined) ?? [])
      .filter((h) => isObject(h) && isOurCommand(h['command'], plan.host)) as Array<Record<string, unknown>>;
    if (ours.length === 0) continue;
    present += 1;
    if (command === null || ours.some((h) => h['command'] === command)) current += 1;
  }
  if (present === 0) return 'absent';
  if (present < plan.slots.length) return 'partial';
  return current === plan.slots.length ? 'installed' : 'outdated';
}
