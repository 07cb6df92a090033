// Which database objects a plugin's dedicated-storage migration names, and which of them fall outside the plugin's
// namespace `plugin_<id with - as _>_`. Pure text checks: the kernel refuses a migration that reaches outside it
// (its tables, a kernel `state_*` table, an attached database) and never rewrites a name to make it fit.

/** The prefix every object of plugin `id` must start with. */
export const storagePrefix = (id: string): string => `plugin_${id.replace(/-/g, '_')}_`;

const NAME = String.raw`(?:[\w]+\.)?["\`\[]?([\w$]+)["\`\]]?`;
const RULES: readonly { re: RegExp; what: string }[] = [
  {
    re: new RegExp(
      String.raw`^CREATE\s+(?:TEMP(?:ORARY)?\s+)?(?:UNIQUE\s+)?(?:VIRTUAL\s+)?(TABLE|INDEX|VIEW|TRIGGER)\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}`,
      'i',
    ),
    what: 'creates',
  },
  {
    re: new RegExp(
      String.raw`^(?:ALTER|DROP)\s+(TABLE|INDEX|VIEW|TRIGGER)\s+(?:IF\s+EXISTS\s+)?${NAME}`,
      'i',
    ),
    what: 'changes',
  },
  { re: new RegExp(String.raw`^(INSERT|REPLACE)\s+(?:OR\s+\w+\s+)?INTO\s+${NAME}`, 'i'), what: 'writes' },
  { re: new RegExp(String.raw`^(UPDATE)\s+(?:OR\s+\w+\s+)?${NAME}`, 'i'), what: 'writes' },
  { re: new RegExp(String.raw`^(DELETE)\s+FROM\s+${NAME}`, 'i'), what: 'writes' },
];
const ON_TABLE = new RegExp(String.raw`\bON\s+${NAME}`, 'i');

/** The statements of a migration, comments removed (a `;` inside a string literal is not expected here). */
function statements(sql: string): string[] {
  return sql
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** What in `sql` names an object outside `prefix` (one sentence each); [] when the migration stays inside. */
export function namespaceProblems(sql: string, prefix: string): string[] {
  const problems: string[] = [];
  const inside = (name: string): boolean => name.toLowerCase().startsWith(prefix.toLowerCase());
  for (const stmt of statements(sql)) {
    const rule = RULES.find((r) => r.re.test(stmt));
    if (rule === undefined) {
      problems.push(
        `'${stmt.split(/\s+/).slice(0, 3).join(' ')} ...' is not a statement a plugin migration may run`,
      );
      continue;
    }
    const m = rule.re.exec(stmt)!;
    const name = m[2]!;
    if (!inside(name)) problems.push(`${rule.what} ${m[1]!.toLowerCase()} ${name}`);
    const on = /^CREATE\s+(?:UNIQUE\s+)?INDEX|^CREATE\s+(?:TEMP(?:ORARY)?\s+)?TRIGGER/i.test(stmt)
      ? ON_TABLE.exec(stmt)
      : null;
    if (on !== null && !inside(on[1]!))
      problems.push(`${rule.what} ${m[1]!.toLowerCase()} ${name} on ${on[1]!}`);
  }
  return problems;
}
